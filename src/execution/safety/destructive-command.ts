import { isAbsolute, posix } from 'node:path';
import { AppError } from '../../errors/index.js';
import { isWithin } from '../../paths/index.js';

/** Why a command is refused. */
export type DestructiveKind = 'force_push' | 'history_rewrite' | 'ref_deletion' | 'delete_outside_worktree' | 'unscoped_data_drop' | 'shell_script';

export interface DestructiveFinding {
  kind: DestructiveKind;
  reason: string;
}

export interface CommandContext {
  /** Absolute, real path of the work's worktree; deletes must stay strictly inside it. */
  worktreeRoot?: string;
  /** Absolute working directory of the command (default: the worktree root). */
  cwd?: string;
}

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'cmd', 'cmd.exe', 'powershell', 'pwsh']);
const GIT_VALUE_OPTIONS = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path']);
const base = (cmd: string) => cmd.split('/').pop() ?? cmd;

function gitFinding(args: readonly string[]): DestructiveFinding | null {
  let i = 0;
  while (i < args.length && args[i]!.startsWith('-')) i += GIT_VALUE_OPTIONS.has(args[i]!) ? 2 : 1;
  const sub = args[i];
  const rest = args.slice(i + 1);
  const has = (...flags: string[]) => rest.some((a) => flags.includes(a) || flags.some((f) => f.startsWith('--') && a.startsWith(`${f}=`)));
  switch (sub) {
    case 'push':
      if (has('-f', '--force', '--force-with-lease', '--force-if-includes', '--mirror') || rest.some((a) => /^-[a-zA-Z]*f/.test(a) && !a.startsWith('--')) || rest.some((a) => a.startsWith('+'))) {
        return { kind: 'force_push', reason: 'git push with force rewrites the remote history' };
      }
      if (has('-d', '--delete', '--prune') || rest.some((a) => a.startsWith(':') && a.length > 1)) return { kind: 'ref_deletion', reason: 'git push deleting remote refs' };
      return null;
    case 'reset':
      return has('--hard', '--merge', '--keep') ? { kind: 'history_rewrite', reason: 'git reset --hard discards commits and working-tree changes' } : null;
    case 'rebase':
      return { kind: 'history_rewrite', reason: 'git rebase rewrites history' };
    case 'filter-branch':
    case 'filter-repo':
      return { kind: 'history_rewrite', reason: `git ${sub} rewrites history` };
    case 'commit':
      return has('--amend') ? { kind: 'history_rewrite', reason: 'git commit --amend rewrites the last commit' } : null;
    case 'reflog':
      return rest[0] === 'expire' || rest[0] === 'delete' ? { kind: 'history_rewrite', reason: 'git reflog expiry destroys recovery points' } : null;
    case 'update-ref':
      return has('-d') ? { kind: 'ref_deletion', reason: 'git update-ref -d deletes a ref' } : null;
    case 'branch':
      return has('-D', '--delete', '-d', '-M', '--force', '-f') ? { kind: 'ref_deletion', reason: 'git branch deleting or force-moving a branch' } : null;
    case 'clean':
      return rest.some((a) => /^-[a-zA-Z]*x/.test(a)) ? { kind: 'delete_outside_worktree', reason: 'git clean -x deletes ignored files' } : null;
    default:
      return null;
  }
}

function rmFinding(args: readonly string[], ctx: CommandContext): DestructiveFinding | null {
  const recursive = args.some((a) => a === '--recursive' || /^-[a-zA-Z]*[rR]/.test(a));
  const targets = args.filter((a, i) => !a.startsWith('-') || args.slice(0, i).includes('--')).filter((a) => a !== '--');
  if (targets.length === 0) return recursive ? { kind: 'delete_outside_worktree', reason: 'rm -r without a target' } : null;
  const root = ctx.worktreeRoot;
  for (const target of targets) {
    if (root === undefined) return { kind: 'delete_outside_worktree', reason: 'rm without a known worktree' };
    if (target.startsWith('~') || target.includes('$')) return { kind: 'delete_outside_worktree', reason: `rm target ${target} is not a plain path inside the worktree` };
    const absolute = isAbsolute(target) ? posix.normalize(target) : posix.resolve(ctx.cwd ?? root, target);
    if (absolute === posix.normalize(root) || !isWithin(root, absolute)) {
      return { kind: 'delete_outside_worktree', reason: `rm ${target} reaches outside the worktree` };
    }
  }
  return null;
}

const DROP = /\b(drop\s+(table|database|schema|index|constraint|view|user|role|graph|alias)|truncate(\s+table)?\s+\w)/i;
const DELETE_FROM = /\bdelete\s+from\s+[\w."`]+/i;
const CYPHER_DELETE = /\b(detach\s+)?delete\s+\w/i;
const CYPHER_MATCH = /\bmatch\s*\(/i;

/** Flags SQL/Cypher text that drops data without a scope (`DROP`, `TRUNCATE`, `DELETE`/`DETACH DELETE` without `WHERE`). */
export function detectDestructiveStatement(text: string): DestructiveFinding | null {
  const flat = text.replace(/\s+/g, ' ');
  if (DROP.test(flat)) return { kind: 'unscoped_data_drop', reason: 'DROP/TRUNCATE removes data wholesale' };
  const scoped = /\bwhere\b/i.test(flat);
  if (DELETE_FROM.test(flat) && !scoped) return { kind: 'unscoped_data_drop', reason: 'DELETE FROM without WHERE' };
  if (CYPHER_MATCH.test(flat) && CYPHER_DELETE.test(flat) && !scoped && !/\(\s*\w*\s*:\s*\w+\s*\{/.test(flat)) {
    return { kind: 'unscoped_data_drop', reason: 'Cypher DELETE/DETACH DELETE without a WHERE or property scope' };
  }
  return null;
}

/** Whether an argv (never a shell string) would perform a destructive operation; null when it is safe. */
export function detectDestructiveCommand(argv: readonly string[], ctx: CommandContext = {}): DestructiveFinding | null {
  if (argv.length === 0) return null;
  const cmd = base(argv[0]!);
  const args = argv.slice(1);
  if (SHELLS.has(cmd)) return { kind: 'shell_script', reason: `${cmd} runs a shell script that cannot be inspected; configure an argv instead` };
  if (cmd === 'env' || cmd === 'sudo' || cmd === 'nice' || cmd === 'xargs' || cmd === 'timeout') {
    const inner = args.findIndex((a) => !a.startsWith('-') && !/^\w+=/.test(a) && !/^\d+[smh]?$/.test(a));
    return inner < 0 ? null : detectDestructiveCommand(args.slice(inner), ctx);
  }
  if (cmd === 'git') return gitFinding(args);
  if (cmd === 'rm' || cmd === 'rmdir' || cmd === 'shred') return rmFinding(args, ctx);
  if (cmd === 'dd' || cmd === 'mkfs' || cmd.startsWith('mkfs.')) return { kind: 'delete_outside_worktree', reason: `${cmd} writes raw devices` };
  for (const arg of args) {
    const finding = detectDestructiveStatement(arg);
    if (finding) return finding;
  }
  return null;
}

/** Throws EXEC_UNGATED_SIDE_EFFECT when the command is destructive. */
export function assertNotDestructive(argv: readonly string[], ctx: CommandContext = {}, what = 'command'): void {
  const finding = detectDestructiveCommand(argv, ctx);
  if (finding) {
    throw new AppError('EXEC_UNGATED_SIDE_EFFECT', {
      message: `Refused ${what}: ${finding.reason}. Destructive operations are never run by graphgate.`,
      details: { kind: finding.kind, command: argv[0] },
    });
  }
}
