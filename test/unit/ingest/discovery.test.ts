import fc from 'fast-check';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { canonicalRoot, createPathFilter, discoverFiles, isInside, isSafeRelativePath } from '../../../ingest/pipeline/discovery.js';
import { readOne } from '../../../ingest/pipeline/read-files.js';
import { DEFAULT_SETTINGS } from '../../../ingest/pipeline/settings.js';
import { fileKind } from '../../../ingest/pipeline/file-kind.js';

describe('path filter', () => {
  const keep = createPathFilter(DEFAULT_SETTINGS);

  it.each([
    ['src/app/a.component.ts', true], ['src/app/a.component.html', true], ['src/styles.scss', true], ['api/spec.yaml', true],
    ['webpack.config.js', true], ['libs/sdf/components.d.ts', true], ['src/typings.d.ts', false], ['node_modules/x/index.ts', false],
    ['dist/main.js', false], ['apps/x/dist/y.js', false], ['.angular/cache/a.json', false], ['coverage/lcov.json', false],
    ['package-lock.json', false], ['.ai/config/ingest.json', false], ['README.md', false], ['node_modules/lib/components.d.ts', false],
    ['src/assets/i18n/en.json5', true],
  ])('%s → %s', (path, expected) => {
    expect(keep(path)).toBe(expected);
  });

  it('honours configured include and exclude globs', () => {
    const custom = createPathFilter({ ...DEFAULT_SETTINGS, include: ['src/**/*.ts'], exclude: ['**/legacy/**'] });
    expect([custom('src/a.ts'), custom('src/legacy/b.ts'), custom('lib/c.ts'), custom('src/a.html')]).toEqual([true, false, false, false]);
  });

  it('never admits unsafe paths', () => {
    for (const p of ['../x.ts', '/etc/x.ts', 'a/../../x.ts', 'a\\b.ts', 'C:/x.ts', 'a//b.ts', './a.ts', 'a\0.ts']) expect(keep(p)).toBe(false);
    fc.assert(fc.property(fc.string(), (s) => !keep(s) || isSafeRelativePath(s)));
  });
});

describe('containment', () => {
  it('is separator-aware', () => {
    expect(isInside('/repo', '/repo/a/b')).toBe(true);
    expect(isInside('/repo', '/repo')).toBe(true);
    expect(isInside('/repo', '/repo-evil/a')).toBe(false);
    expect(isInside('/repo', '/other')).toBe(false);
  });
});

describe('discoverFiles', () => {
  const base = mkdtempSync(join(tmpdir(), 'graphgate-disc-'));
  const root = join(base, 'repo');
  afterAll(() => rmSync(base, { recursive: true, force: true }));
  for (const path of ['src/a.ts', 'src/b.html', 'node_modules/x/y.ts', 'dist/z.js', 'src/components.d.ts', 'src/t.d.ts']) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), 'x');
  }
  writeFileSync(join(base, 'secret.ts'), 'outside');
  symlinkSync(join(base, 'secret.ts'), join(root, 'src/escape.ts'));
  symlinkSync(join(root, 'src/a.ts'), join(root, 'src/alias.ts'));

  it('lists repo-relative POSIX paths, sorted, without excluded files and without following symlinks', async () => {
    expect(await discoverFiles(canonicalRoot(root), DEFAULT_SETTINGS)).toEqual(['src/a.ts', 'src/b.html', 'src/components.d.ts']);
  });

  it('does not read through a symlink that leaves the root (a watcher-reported path), but reads one inside it', async () => {
    const escape = readOne(canonicalRoot(root), 'src/escape.ts', 1000);
    expect(escape).toMatchObject({ text: '', skipReason: 'symbolic link leading outside the repository' });
    expect(readOne(canonicalRoot(root), 'src/alias.ts', 1000)?.text).toBe('x');
  });
});

describe('fileKind', () => {
  it.each([
    ['a.component.ts', 'ts'], ['a.spec.ts', 'spec'], ['cypress/e2e/x.cy.ts', 'spec'], ['components.d.ts', 'dts'], ['a.html', 'html'],
    ['a.scss', 'style'], ['a.json', 'json'], ['de.json5', 'json'], ['a.yml', 'yaml'], ['webpack.config.js', 'js'], ['a.md', 'other'],
  ])('%s is %s', (path, kind) => expect(fileKind(path)).toBe(kind));
});
