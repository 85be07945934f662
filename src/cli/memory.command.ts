import type { Command } from 'commander';
import type { Config } from '../config/index.js';
import type { Graph } from '../graph/index.js';
import { AppError } from '../errors/index.js';
import { processClock } from '../runtime/clock.js';
import { createLogger } from '../runtime/logger.js';
import { action, printResult, stage } from './output.js';

interface RepoFlags {
  repo: string;
  json?: boolean;
}

const log = () => createLogger(process.env.GRAPHGATE_LOG_LEVEL ? undefined : 'warn');
// Read per command, so a bad GRAPHGATE_CLOCK_SHIFT_HOURS is that command's error, not a crash at load.
const clock = () => processClock()();

/**
 * Runs `fn` on the repository after the lifecycle sweep, so every answer shows the states the clock
 * has already earned (and a person cannot approve what has just expired). Loaded on use: repository
 * identity pulls in the ingest pipeline.
 */
async function onRepository<T>(repo: string, fn: (ctx: { graph: Graph; repoId: string; root: string; config: Config }) => Promise<T>): Promise<T> {
  const { withRepository } = await import('../memory/review.js');
  const { sweepMemories } = await import('../memory/lifecycle.js');
  return withRepository(repo, log(), async (ctx) => {
    const swept = await sweepMemories({ graph: ctx.graph, repoId: ctx.repoId, root: ctx.root, now: clock(), settings: ctx.config.memory });
    for (const t of swept.transitions) stage(`${t.memoryId}: ${t.from} → ${t.to} (${t.why})`);
    if (swept.changelogError) stage(`the changelog was not written: ${swept.changelogError}`);
    return fn(ctx);
  });
}

function personTransition(program: Command, name: 'approve' | 'reject' | 'retire', to: 'approved' | 'rejected' | 'retired', description: string): void {
  const command = program.command(`${name} <id>`).description(description);
  if (name === 'reject') command.requiredOption('--why <text>', 'why the memory is wrong (kept in its transition and the changelog)');
  else command.option('--why <text>', 'why (kept in its transition and the changelog)');
  command
    .option('--repo <path>', 'the repository the memory belongs to', process.cwd())
    .option('--json', 'print the transition as JSON')
    .action(action(async (id: string, flags: RepoFlags & { why?: string }) => {
      if (flags.why !== undefined && !flags.why.trim()) throw new AppError('INVALID_ARGS', { message: '--why must not be empty.' });
      const { transitionByPerson } = await import('../memory/lifecycle.js');
      const { personActor } = await import('../memory/review.js');
      const t = await onRepository(flags.repo, (ctx) => transitionByPerson({ ...ctx, id, to, who: personActor(), why: flags.why?.trim(), now: clock(), settings: ctx.config.memory }));
      printResult(Boolean(flags.json), t, () => [`${t.memoryId}: ${t.from} → ${t.to} by ${t.who}${t.why ? ` (${t.why})` : ''}.`]);
    }));
}

/**
 * `graphgate memory list | show | approve | reject | retire | promote`: a person reviews the
 * repository's memories. Only these commands approve, reject, retire or promote one; no controller_turn verb can.
 */
export function registerMemoryCommands(program: Command): void {
  const memory = program.command('memory').description('review learned memories: list, show, approve, reject, retire, promote');

  memory
    .command('list')
    .description('list the repository\'s memories, newest state change first')
    .option('--state <state>', 'only memories in this state (pending, provisional, approved, rejected, expired, retired)')
    .option('--repo <path>', 'the repository', process.cwd())
    .option('--json', 'print the memories as JSON')
    .action(action(async (flags: RepoFlags & { state?: string }) => {
      const { listMemories } = await import('../memory/review.js');
      const rows = await onRepository(flags.repo, (ctx) => listMemories(ctx.graph, ctx.repoId, { state: flags.state }));
      printResult(Boolean(flags.json), rows, () => rows.length === 0
        ? [`No ${flags.state ? `${flags.state} ` : ''}memories.`]
        : rows.map((m) => [m.state.padEnd(11), m.enforcementType.padEnd(15), m.memoryId, m.rejectionCodes.join(',') || '-', m.anchors.join(',') || '-', m.since ? `since ${m.since.slice(0, 16)}` : ''].join('  ').trimEnd()));
    }));

  memory
    .command('show <id>')
    .description('show one memory: its record, payloads, anchors and transitions')
    .option('--repo <path>', 'the repository', process.cwd())
    .option('--json', 'print the memory as JSON')
    .action(action(async (id: string, flags: RepoFlags) => {
      const { showMemory } = await import('../memory/review.js');
      const detail = await onRepository(flags.repo, (ctx) => showMemory(ctx.graph, ctx.repoId, id));
      printResult(Boolean(flags.json), detail, () => {
        const { memory: m, anchors, transitions } = detail;
        const payload = (['fewShot', 'planRule', 'strategySignal'] as const).filter((k) => m[k] !== undefined).map((k) => `${k}: ${JSON.stringify(m[k])}`);
        return [
          `${String(m.memoryId)}${m.memoryId !== m.id ? ` (${String(m.id)})` : ''}`,
          `state: ${String(m.state)} since ${String(m.since ?? '?')}${m.expiresAt && m.state === 'provisional' ? `, expires ${String(m.expiresAt)}` : ''}`,
          `type: ${String(m.enforcementType)}  trigger: ${String(m.trigger ?? '-')}  phase: ${String(m.phase ?? '-')}`,
          `anchors: ${anchors.join(', ') || '-'}`,
          `rejection codes: ${(m.rejectionCodes as string[] | undefined)?.join(', ') || '-'}`,
          ...(m.note ? [`note: ${String(m.note)}`] : []),
          ...(m.promotedTo ? [`promoted to: ${String(m.promotedTo)} (policy plane) at ${String(m.promotedAt)}`] : []),
          ...payload,
          transitions.length === 0 ? 'transitions: none' : 'transitions:',
          ...transitions.map((t) => `  ${t.at}  ${t.from} → ${t.to}  ${t.who}${t.why ? `: ${t.why}` : ''}`),
        ];
      });
    }));

  personTransition(memory, 'approve', 'approved', 'approve a pending or provisional memory: it is enforced from the next work on');
  personTransition(memory, 'reject', 'rejected', 'reject a pending or provisional memory (final): --why is required');
  personTransition(memory, 'retire', 'retired', 'retire an approved memory that no longer holds (final)');

  memory
    .command('promote <id>')
    .description('promote an approved memory to the policy plane: a plan_rule becomes a hard Policy carrying the rule, a few_shot an ExampleRef carrying the example, an informational memory a soft Policy, a strategy_signal a soft Policy carrying the signature override; appended to .ai/graph/seed/memory-promotions.jsonl and ingested (promoting again writes nothing new). Only after validation passed with the memory in force: a plan_rule must have been satisfied by an accepted plan, any other memory carried by the pack an accepted plan was made from; otherwise MEMORY_NOT_VALIDATED says what is missing')
    .option('--approve', 'approve a pending or provisional memory first (your explicit approval), then promote it')
    .option('--without-validation', 'promote although no accepted plan was validated with the memory in force (your explicit override; needs --why)')
    .option('--why <text>', 'why (kept in the transitions and the changelog; required with --without-validation)')
    .option('--repo <path>', 'the repository the memory belongs to', process.cwd())
    .option('--json', 'print the promotion as JSON')
    .action(action(async (id: string, flags: RepoFlags & { why?: string; approve?: boolean; withoutValidation?: boolean }) => {
      if (flags.why !== undefined && !flags.why.trim()) throw new AppError('INVALID_ARGS', { message: '--why must not be empty.' });
      const { promoteMemory } = await import('../memory/promotion.js');
      const { personActor } = await import('../memory/review.js');
      const p = await onRepository(flags.repo, (ctx) => promoteMemory({ ...ctx, id, who: personActor(), why: flags.why?.trim(), approve: Boolean(flags.approve), withoutValidation: Boolean(flags.withoutValidation), now: clock(), settings: ctx.config.memory, log: log() }));
      printResult(Boolean(flags.json), p, () => [
        ...(p.approval ? [`${p.memoryId}: ${p.approval.from} → approved by ${p.approval.who}.`] : []),
        p.validation.kind === 'override' ? `${p.memoryId}: promoted without validation (${p.validation.why}).` : `${p.memoryId}: validated by ${p.validation.kind === 'plan_rule_satisfied' ? 'accepted plan turn' : 'accepted plan'} ${p.validation.ref} at ${p.validation.at}.`,
        p.written ? `${p.memoryId} → ${p.label} ${p.recordId}@${p.version}, appended to ${p.file} and ingested.` : `${p.memoryId} is already ${p.label} ${p.recordId}@${p.version} in ${p.file}; nothing new written.`,
      ]);
    }));
}
