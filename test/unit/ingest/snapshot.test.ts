import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentSnapshotId, gitBlobId, GitTree, gitTreeId, sha256, snapshotIdOf } from '../../../ingest/pipeline/snapshot.js';

const byPath = <T extends { path: string }>(list: T[]): Map<string, T> => new Map(list.map((e) => [e.path, e]));
const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } }).trim();

describe('snapshot hashing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'graphgate-snap-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files: Record<string, string> = {
    'a.ts': 'export const a = 1;\n',
    'src/b.html': '<p>b</p>',
    'src/app/c.ts': 'x',
    'src/app-x.ts': 'sorts between "src/app" and "src/app/"',
    'src/empty.txt': '',
    'run.sh': '#!/bin/sh\necho hi\n',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  chmodSync(join(dir, 'run.sh'), 0o755);
  const entries = Object.keys(files).map((path) => {
    const buf = readFileSync(join(dir, path));
    return { path, blob: gitBlobId(buf), sha256: sha256(buf), executable: path === 'run.sh' };
  });

  it('computes blob ids exactly like git hash-object', () => {
    for (const e of entries) expect(e.blob).toBe(git(dir, 'hash-object', e.path));
  });

  it('computes the tree id git write-tree computes for an index with exactly these files', () => {
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    expect(gitTreeId(entries)).toBe(git(dir, 'write-tree'));
  });

  it('gives the empty tree id for no files', () => {
    expect(gitTreeId([])).toBe('4b825dc642cb6eb9a060e54bf8d69288fbee4904');
  });

  it('does not depend on the order files were read in', () => {
    expect(gitTreeId([...entries].reverse())).toBe(gitTreeId(entries));
    expect(contentSnapshotId([...entries].reverse())).toBe(contentSnapshotId(entries));
  });

  it('changes when one byte of one file changes', () => {
    const changed = entries.map((e) => (e.path === 'a.ts' ? { ...e, blob: gitBlobId(Buffer.from('export const a = 2;\n')), sha256: sha256('export const a = 2;\n') } : e));
    expect(snapshotIdOf(byPath(changed), true)).not.toBe(snapshotIdOf(byPath(entries), true));
    expect(snapshotIdOf(byPath(changed), false)).not.toBe(snapshotIdOf(byPath(entries), false));
  });

  it('prefixes the kind of id', () => {
    expect(snapshotIdOf(byPath(entries), true)).toMatch(/^git:[0-9a-f]{40}$/);
    expect(snapshotIdOf(byPath(entries), false)).toMatch(/^content:[0-9a-f]{64}$/);
  });

  it('keeps its trees between runs and re-hashes only what changed, agreeing with git after edits, additions, mode changes and deletions', () => {
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    const tree = new GitTree();
    expect(tree.sync(byPath(entries)).id()).toBe(git(dir, 'write-tree'));
    const steps: Array<() => void> = [
      () => writeFileSync(join(dir, 'src/app/c.ts'), 'y'),
      () => { mkdirSync(join(dir, 'src/app/deep/er'), { recursive: true }); writeFileSync(join(dir, 'src/app/deep/er/d.ts'), 'd'); },
      () => chmodSync(join(dir, 'a.ts'), 0o755),
      () => rmSync(join(dir, 'src/app/deep'), { recursive: true }),
      () => rmSync(join(dir, 'src/app/c.ts')),
    ];
    for (const step of steps) {
      step();
      git(dir, 'add', '-A');
      const now = git(dir, 'ls-files').split('\n').map((path) => {
        const buf = readFileSync(join(dir, path));
        return { path, blob: gitBlobId(buf), sha256: sha256(buf), executable: git(dir, 'ls-files', '-s', path).startsWith('100755') };
      });
      // The kept tree, a fresh one and git agree (a deleted folder leaves no empty tree behind).
      expect(tree.sync(byPath(now)).id()).toBe(git(dir, 'write-tree'));
      expect(gitTreeId(now)).toBe(git(dir, 'write-tree'));
    }
  });
});
