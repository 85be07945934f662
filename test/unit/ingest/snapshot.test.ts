import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentSnapshotId, gitBlobId, GitTree, gitTreeId, sha256, snapshotIdOf, type SnapshotEntry } from '../../../ingest/pipeline/snapshot.js';
import { EntriesDelta } from '../../../ingest/pipeline/snapshot-entries.js';

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

  it('applies a watcher\'s delta to a tree at its base, agreeing with git; a tree at another snapshot walks every file', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'graphgate-snap-delta-'));
    try {
      const write = (path: string, text: string): void => {
        mkdirSync(dirname(join(scratch, path)), { recursive: true });
        writeFileSync(join(scratch, path), text);
      };
      const entryOf = (path: string): SnapshotEntry => {
        const buf = readFileSync(join(scratch, path));
        return { path, blob: gitBlobId(buf), sha256: sha256(buf), executable: false };
      };
      for (const path of ['a.ts', 'src/b.ts', 'src/deep/c.ts', 'src/deep/d.ts']) write(path, path);
      git(scratch, 'init', '-q');
      git(scratch, 'add', '-A');
      const base = new Map(git(scratch, 'ls-files').split('\n').map((path) => [path, entryOf(path)]));
      const tree = new GitTree();
      const baseId = snapshotIdOf(base, true, tree);
      expect(baseId).toBe(`git:${git(scratch, 'write-tree')}`);

      // An edit, an added file in a new folder, and a folder emptied by deletes.
      write('src/b.ts', 'edited');
      write('src/new/e.ts', 'e');
      rmSync(join(scratch, 'src/deep'), { recursive: true });
      git(scratch, 'add', '-A');
      const delta = new EntriesDelta(base);
      delta.set('src/b.ts', entryOf('src/b.ts'));
      delta.set('src/new/e.ts', entryOf('src/new/e.ts'));
      delta.delete('src/deep/c.ts');
      delta.delete('src/deep/d.ts');
      const expected = `git:${git(scratch, 'write-tree')}`;
      expect(snapshotIdOf(delta, true, tree, baseId)).toBe(expected);
      // The same delta from a tree that holds something else: the whole walk, the same answer.
      const other = new GitTree().sync(new Map([['x.ts', entryOf('a.ts')]]));
      expect(snapshotIdOf(delta, true, other, baseId)).toBe(expected);
      expect(snapshotIdOf(delta, true, undefined, baseId)).toBe(expected);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
