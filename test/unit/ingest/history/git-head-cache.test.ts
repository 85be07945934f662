import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachedGitHead, type GitHeadCache } from '../../../../ingest/history/git-head-cache.js';
import { readGitHead, type GitHead } from '../../../../ingest/history/git-log.js';

describe('cachedGitHead', () => {
  let root: string;
  let reads: number;
  const counted = async (at: string): Promise<GitHead> => {
    reads += 1;
    return readGitHead(at);
  };
  const git = (...args: string[]): string => execFileSync('git', ['-C', root, '-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], { encoding: 'utf8' }).trim();
  const commit = (n: number): string => {
    writeFileSync(join(root, 'a.txt'), `change ${n}\n`);
    git('add', 'a.txt');
    git('commit', '-q', '-m', `c${n}`);
    return git('rev-parse', 'HEAD');
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'gg-head-'));
    git('init', '-q', '-b', 'main');
    reads = 0;
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('asks git again only after a commit, a checkout, a reset or pack-refs, and always answers what git answers', async () => {
    const cache: GitHeadCache = {};
    const same = async (): Promise<void> => expect(await cachedGitHead(root, cache, counted)).toEqual(await readGitHead(root));

    await same(); // no commit yet
    expect(reads).toBe(1);
    const first = commit(1);
    await same();
    expect(reads).toBe(2);
    await same();
    await same();
    expect(reads).toBe(2);

    const second = commit(2);
    expect((await cachedGitHead(root, cache, counted)).head).toBe(second);
    expect(reads).toBe(3);

    git('checkout', '-q', '-b', 'topic');
    await same();
    expect(reads).toBe(4);
    git('reset', '-q', '--hard', first);
    expect((await cachedGitHead(root, cache, counted)).head).toBe(first);
    expect(reads).toBe(5);
    git('pack-refs', '--all');
    await same();
    expect(reads).toBe(6);
    git('checkout', '-q', '--detach', second);
    expect((await cachedGitHead(root, cache, counted)).head).toBe(second);
    expect(reads).toBe(7);
    await same();
    expect(reads).toBe(7);
  });

  it('keeps one answer per root: another root is read', async () => {
    commit(1);
    const other = mkdtempSync(join(tmpdir(), 'gg-head-other-'));
    try {
      execFileSync('git', ['-C', other, 'init', '-q']);
      const cache: GitHeadCache = {};
      await cachedGitHead(root, cache, counted);
      expect(await cachedGitHead(other, cache, counted)).toEqual({ head: null, prefix: '' });
      await cachedGitHead(root, cache, counted);
      expect(reads).toBe(3);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('reads a linked worktree through its own HEAD and the shared refs', async () => {
    const first = commit(1);
    const tree = join(root, '..', `${root.split('/').pop()}-wt`);
    git('worktree', 'add', '-q', '-b', 'wt', tree);
    try {
      const cache: GitHeadCache = {};
      expect((await cachedGitHead(tree, cache, counted)).head).toBe(first);
      expect((await cachedGitHead(tree, cache, counted)).head).toBe(first);
      expect(reads).toBe(1);
      writeFileSync(join(tree, 'b.txt'), 'b\n');
      execFileSync('git', ['-C', tree, 'add', 'b.txt']);
      execFileSync('git', ['-C', tree, '-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'wt']);
      const moved = execFileSync('git', ['-C', tree, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
      expect((await cachedGitHead(tree, cache, counted)).head).toBe(moved);
      expect(reads).toBe(2);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });
});
