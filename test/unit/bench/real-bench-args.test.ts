import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseCompodocTsconfig } from '../../../bench/ingest/real/compodoc-tsconfig.js';
import { pickEditFiles } from '../../../bench/ingest/real/edit-runs.js';
import { parseBenchArgs } from '../../../bench/ingest/real/real-args.js';

describe('bench:ingest arguments', () => {
  it('runs the synthetic workspace when there is no argument', () => {
    expect(parseBenchArgs([], '/home/u')).toEqual({ kind: 'synthetic' });
  });

  it('takes --cold <runs> with an optional --repo, and nothing of the real-code benchmark', () => {
    expect(parseBenchArgs(['--cold', '5'], '/home/u')).toEqual({ kind: 'cold', runs: 5 });
    expect(parseBenchArgs(['--cold', '3', '--repo', 'app'], '/home/u')).toEqual({ kind: 'cold', runs: 3, repo: '/home/u/app' });
    expect(parseBenchArgs(['--cold', '0'], '/')).toMatchObject({ kind: 'error', message: expect.stringContaining('1 to 100') });
    expect(parseBenchArgs(['--cold', 'two'], '/')).toMatchObject({ kind: 'error' });
    expect(parseBenchArgs(['--cold', '3', '--repo', '/r', '--edits', '4'], '/')).toMatchObject({ kind: 'error', message: expect.stringContaining('--edits') });
  });

  it('resolves --repo against the directory npm ran from, and --tsconfig against the repository', () => {
    expect(parseBenchArgs(['--repo', 'apps/x', '--tsconfig', 'tsconfig.app.json', '--checkout', 'HEAD~3'], '/home/u')).toEqual({
      kind: 'real', options: { repo: '/home/u/apps/x', tsconfig: '/home/u/apps/x/tsconfig.app.json', checkout: 'HEAD~3', compodoc: 'json', compodocTimeoutMs: 600_000, edits: 0, daemonFirst: 0 },
    });
    expect(parseBenchArgs(['--repo', '/r', '--no-compodoc'], '/home/u')).toEqual({ kind: 'real', options: { repo: '/r', compodoc: 'off', compodocTimeoutMs: 600_000, edits: 0, daemonFirst: 0 } });
    expect(parseBenchArgs(['--repo', '/r', '--compodoc-html'], '/')).toEqual({ kind: 'real', options: { repo: '/r', compodoc: 'html', compodocTimeoutMs: 600_000, edits: 0, daemonFirst: 0 } });
    expect(parseBenchArgs(['--repo', '/r', '--edits', '20'], '/')).toMatchObject({ kind: 'real', options: { edits: 20 } });
    expect(parseBenchArgs(['--repo', '/r', '--compodoc-timeout', '90'], '/')).toEqual({ kind: 'real', options: { repo: '/r', compodoc: 'json', compodocTimeoutMs: 90_000, edits: 0, daemonFirst: 0 } });
  });

  it('rejects unknown flags, flags without --repo and Compodoc flags with --no-compodoc', () => {
    expect(parseBenchArgs(['--repo', '/r', '--fast'], '/')).toMatchObject({ kind: 'error' });
    expect(parseBenchArgs(['--checkout', 'main'], '/')).toMatchObject({ kind: 'error', message: expect.stringContaining('--repo') });
    expect(parseBenchArgs(['--repo', '/r', '--no-compodoc', '--tsconfig', 't.json'], '/')).toMatchObject({ kind: 'error' });
    expect(parseBenchArgs(['--repo', '/r', '--no-compodoc', '--compodoc-html'], '/')).toMatchObject({ kind: 'error' });
    expect(parseBenchArgs(['--repo', '/r', '--compodoc-timeout', '0'], '/')).toMatchObject({ kind: 'error' });
    expect(parseBenchArgs(['--repo', '/r', '--compodoc-timeout', 'soon'], '/')).toMatchObject({ kind: 'error' });
    expect(parseBenchArgs(['--repo', '/r', '--edits', '-1'], '/')).toMatchObject({ kind: 'error', message: expect.stringContaining('--edits') });
    expect(parseBenchArgs(['--repo', '/r', '--edits', 'some'], '/')).toMatchObject({ kind: 'error' });
    expect(parseBenchArgs(['--edits', '5'], '/')).toMatchObject({ kind: 'error', message: expect.stringContaining('--repo') });
    expect(parseBenchArgs(['--repo', '/r', '--daemon-first', '5'], '/')).toMatchObject({ kind: 'real', options: { daemonFirst: 5 } });
    expect(parseBenchArgs(['--repo', '/r', '--daemon-first', '101'], '/')).toMatchObject({ kind: 'error', message: expect.stringContaining('--daemon-first') });
    expect(parseBenchArgs(['--daemon-first', '3'], '/')).toMatchObject({ kind: 'error', message: expect.stringContaining('--repo') });
    expect(parseBenchArgs(['--cold', '2', '--daemon-first', '3'], '/')).toMatchObject({ kind: 'error', message: expect.stringContaining('--daemon-first') });
    expect(parseBenchArgs(['--help'], '/')).toEqual({ kind: 'help' });
  });
});

describe('the files --edits edits', () => {
  it('spreads the edits over Angular classes, never specs, declarations or node_modules', () => {
    const tracked = ['README.md', 'src/a.component.spec.ts', 'src/types.d.ts', 'node_modules/x/y.component.ts', 'src/util.ts',
      ...Array.from({ length: 10 }, (_, i) => `src/f${i}/f${i}.component.ts`), 'src/api.service.ts'];
    const picked = pickEditFiles(tracked, 4);
    expect(picked).toHaveLength(4);
    expect(new Set(picked).size).toBe(4);
    expect(picked.every((p) => /\.(component|service)\.ts$/.test(p) && !p.includes('spec') && !p.startsWith('node_modules'))).toBe(true);
    // Too few Angular classes: any TypeScript source; fewer files than asked: all of them.
    expect(pickEditFiles(['a.ts', 'b.component.ts', 'c.spec.ts'], 2)).toEqual(['a.ts', 'b.component.ts']);
    expect(pickEditFiles(['a.ts'], 3)).toEqual(['a.ts']);
  });
});

describe('the tsconfig given to Compodoc', () => {
  let root = '';
  const file = (path: string, text: string): void => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('prefers the workspace tsconfig (whole folder) over an app tsconfig that lists main.ts only', () => {
    root = mkdtempSync(join(tmpdir(), 'compodoc-tsconfig-'));
    file('tsconfig.json', '{ "compilerOptions": { "baseUrl": "./" }, // comment\n "exclude": ["node_modules"], }');
    file('src/tsconfig.app.json', '{ "files": ["main.ts"], "include": ["**/*.d.ts"] }');
    expect(chooseCompodocTsconfig(root)).toMatchObject({ relative: 'tsconfig.json', scope: expect.stringContaining('every .ts/.tsx under .') });
    expect(chooseCompodocTsconfig(root, join(root, 'src/tsconfig.app.json'))).toMatchObject({ relative: 'src/tsconfig.app.json', scope: expect.stringContaining('include **/*.d.ts + 1 listed file(s)') });
  });

  it('finds the tsconfig next to an angular.json in a subfolder, else an app tsconfig, else none', () => {
    root = mkdtempSync(join(tmpdir(), 'compodoc-tsconfig-'));
    expect(chooseCompodocTsconfig(root)).toBeUndefined();
    file('src/tsconfig.app.json', '{ "include": ["**/*.ts"] }');
    expect(chooseCompodocTsconfig(root)?.relative).toBe('src/tsconfig.app.json');
    file('ClientApp/angular.json', '{}');
    file('ClientApp/tsconfig.json', '{}');
    expect(chooseCompodocTsconfig(root)?.relative).toBe('ClientApp/tsconfig.json');
  });
});
