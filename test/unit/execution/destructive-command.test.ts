import { describe, expect, it } from 'vitest';
import { assertNotDestructive, detectDestructiveCommand, detectDestructiveStatement, type DestructiveKind } from '../../../src/execution/safety/destructive-command.js';

const ctx = { worktreeRoot: '/repo/.worktrees/w1', cwd: '/repo/.worktrees/w1' };

describe('detectDestructiveCommand', () => {
  const denied: Array<[string[], DestructiveKind]> = [
    [['git', 'push', '--force', 'origin', 'main'], 'force_push'],
    [['git', 'push', '-f'], 'force_push'],
    [['git', 'push', '--force-with-lease=main'], 'force_push'],
    [['git', 'push', 'origin', '+main'], 'force_push'],
    [['git', '-C', '/x', 'push', '-uf', 'origin'], 'force_push'],
    [['git', 'push', 'origin', ':main'], 'ref_deletion'],
    [['git', 'push', '--delete', 'origin', 'main'], 'ref_deletion'],
    [['git', 'reset', '--hard', 'HEAD~3'], 'history_rewrite'],
    [['git', 'rebase', '-i', 'main'], 'history_rewrite'],
    [['git', 'filter-branch', '--tree-filter', 'x'], 'history_rewrite'],
    [['git', 'filter-repo'], 'history_rewrite'],
    [['git', 'commit', '--amend'], 'history_rewrite'],
    [['git', 'reflog', 'expire', '--all'], 'history_rewrite'],
    [['git', 'branch', '-D', 'main'], 'ref_deletion'],
    [['/usr/bin/rm', '-rf', '/'], 'delete_outside_worktree'],
    [['rm', '-rf', '../other'], 'delete_outside_worktree'],
    [['rm', '-r', '/repo/.worktrees/w1-evil/x'], 'delete_outside_worktree'],
    [['rm', '-rf', '.'], 'delete_outside_worktree'],
    [['rm', '-rf', '~/.ssh'], 'delete_outside_worktree'],
    [['rm', '-rf', '$HOME'], 'delete_outside_worktree'],
    [['rm', '-rf'], 'delete_outside_worktree'],
    [['env', 'A=1', 'git', 'push', '--force'], 'force_push'],
    [['sudo', 'rm', '-rf', '/etc'], 'delete_outside_worktree'],
    [['bash', '-c', 'echo hi'], 'shell_script'],
    [['/bin/sh', '-c', 'ls'], 'shell_script'],
    [['psql', '-c', 'DROP TABLE users'], 'unscoped_data_drop'],
    [['psql', '-c', 'truncate table orders'], 'unscoped_data_drop'],
    [['psql', '-c', 'DELETE FROM orders'], 'unscoped_data_drop'],
    [['cypher-shell', 'MATCH (n) DETACH DELETE n'], 'unscoped_data_drop'],
    [['cypher-shell', 'MATCH (n:Order)\n  DETACH DELETE n'], 'unscoped_data_drop'],
  ];
  it.each(denied)('denies %j as %s', (argv, kind) => {
    expect(detectDestructiveCommand(argv, ctx)?.kind).toBe(kind);
  });

  const allowed: string[][] = [
    ['git', 'status'],
    ['git', 'push', 'origin', 'graphgate/w1'],
    ['git', 'reset', '--soft', 'HEAD'],
    ['git', 'commit', '-m', 'feat: total column'],
    ['rm', '-rf', 'dist'],
    ['rm', '-rf', '/repo/.worktrees/w1/tmp/cache'],
    ['rm', 'notes.txt'],
    ['npx', 'vitest', 'run', 'orders'],
    ['psql', '-c', 'DELETE FROM orders WHERE id = 1'],
    ['cypher-shell', 'MATCH (n:Order {id: $id}) DETACH DELETE n'],
    ['cypher-shell', 'MATCH (n) WHERE n.repoId = $r DETACH DELETE n'],
    [],
  ];
  it.each(allowed.map((a) => [a]))('allows %j', (argv) => {
    expect(detectDestructiveCommand(argv, ctx)).toBeNull();
  });

  it('denies every recursive delete when the worktree is unknown', () => {
    expect(detectDestructiveCommand(['rm', '-rf', 'dist'])?.kind).toBe('delete_outside_worktree');
  });

  it('throws EXEC_UNGATED_SIDE_EFFECT naming the kind', () => {
    expect(() => assertNotDestructive(['git', 'push', '--force'], ctx)).toThrowError(expect.objectContaining({ code: 'EXEC_UNGATED_SIDE_EFFECT', details: { kind: 'force_push', command: 'git' } }));
    expect(() => assertNotDestructive(['git', 'status'], ctx)).not.toThrow();
  });
});

describe('detectDestructiveStatement', () => {
  it.each([['DROP DATABASE prod'], ['drop index foo'], ['TRUNCATE users']])('flags %s', (text) => {
    expect(detectDestructiveStatement(text)?.kind).toBe('unscoped_data_drop');
  });
  it.each([['SELECT * FROM drops'], ['MATCH (n) RETURN n'], ['UPDATE t SET dropped = true WHERE id = 1']])('passes %s', (text) => {
    expect(detectDestructiveStatement(text)).toBeNull();
  });
});
