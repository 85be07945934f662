import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseCompodocTsconfig } from '../../../bench/ingest/real/compodoc-tsconfig.js';
import { parseBenchArgs } from '../../../bench/ingest/real/real-args.js';

describe('bench:ingest arguments', () => {
  it('runs the synthetic workspace when there is no argument', () => {
    expect(parseBenchArgs([], '/home/u')).toEqual({ kind: 'synthetic' });
  });

  it('resolves --repo against the directory npm ran from, and --tsconfig against the repository', () => {
    expect(parseBenchArgs(['--repo', 'apps/x', '--tsconfig', 'tsconfig.app.json', '--checkout', 'HEAD~3'], '/home/u')).toEqual({
      kind: 'real', options: { repo: '/home/u/apps/x', tsconfig: '/home/u/apps/x/tsconfig.app.json', checkout: 'HEAD~3', compodoc: 'json', compodocTimeoutMs: 600_000 },
    });
    expect(parseBenchArgs(['--repo', '/r', '--no-compodoc'], '/home/u')).toEqual({ kind: 'real', options: { repo: '/r', compodoc: 'off', compodocTimeoutMs: 600_000 } });
    expect(parseBenchArgs(['--repo', '/r', '--compodoc-html'], '/')).toEqual({ kind: 'real', options: { repo: '/r', compodoc: 'html', compodocTimeoutMs: 600_000 } });
    expect(parseBenchArgs(['--repo', '/r', '--compodoc-timeout', '90'], '/')).toEqual({ kind: 'real', options: { repo: '/r', compodoc: 'json', compodocTimeoutMs: 90_000 } });
  });

  it('rejects unknown flags, flags without --repo and Compodoc flags with --no-compodoc', () => {
    expect(parseBenchArgs(['--repo', '/r', '--fast'], '/')).toMatchObject({ kind: 'error' });
    expect(parseBenchArgs(['--checkout', 'main'], '/')).toMatchObject({ kind: 'error', message: expect.stringContaining('--repo') });
    expect(parseBenchArgs(['--repo', '/r', '--no-compodoc', '--tsconfig', 't.json'], '/')).toMatchObject({ kind: 'error' });
    expect(parseBenchArgs(['--repo', '/r', '--no-compodoc', '--compodoc-html'], '/')).toMatchObject({ kind: 'error' });
    expect(parseBenchArgs(['--repo', '/r', '--compodoc-timeout', '0'], '/')).toMatchObject({ kind: 'error' });
    expect(parseBenchArgs(['--repo', '/r', '--compodoc-timeout', 'soon'], '/')).toMatchObject({ kind: 'error' });
    expect(parseBenchArgs(['--help'], '/')).toEqual({ kind: 'help' });
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
