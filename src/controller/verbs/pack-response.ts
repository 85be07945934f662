import { createConnectors } from '../../connectors/index.js';
import type { PackSummary as StoredPack } from '../../pack/index.js';
import { DEFAULT_FILE_BUDGET, summarizePack, type AssembledPack, type AssemblyBudgets, type PackSummary } from '../../retrieval/assemble/index.js';
import type { VerbContext, VerbOutcome } from '../verb.js';

/** The whole turn result stays under this many bytes of JSON (≈ 25k tokens, what MCP clients accept). */
export const RESPONSE_MAX_BYTES = 96_000;

const bytes = (v: unknown): number => Buffer.byteLength(JSON.stringify(v), 'utf8');

/** Assembly budgets of a turn: the defaults, with the file count capped by `limits.packMaxFiles`. */
export function turnBudgets(ctx: VerbContext): Partial<AssemblyBudgets> {
  return { files: { ...DEFAULT_FILE_BUDGET, maxFiles: Math.min(DEFAULT_FILE_BUDGET.maxFiles, ctx.config.limits.packMaxFiles) } };
}

/** What initialize_work and escalate pass to assemblePack besides the task itself. */
export function assemblyContext(ctx: VerbContext) {
  return {
    graph: ctx.graph, repoId: ctx.repoId, root: ctx.repoRoot, signal: ctx.signal, now: ctx.now(), strategyMemories: ctx.config.memory.enableStrategyOverride,
    fetchers: createConnectors({ root: ctx.repoRoot }), budgets: turnBudgets(ctx), ...(ctx.progress ? { onProgress: ctx.progress } : {}),
  };
}

/**
 * The pack part of an initialize_work / escalate result, within `limits.packResponseTokens` (chars / 4):
 * ranked `path:start-end` citations, snippets of the top files, the strategy, proof chains, policies,
 * memories, failing gates and, for an insufficient pack, the missing anchors, escalation plan and
 * blocked commands (src/retrieval/pack/pack-summary.ts). The full pack stays in the pack file and the
 * graph; `contextPack.more` names the resource that reads it. `extra` (schema, side channels, delta)
 * is the verb's own; the pack part shrinks further only if both together would pass what clients accept.
 */
export function packResult(ctx: VerbContext, assembled: AssembledPack, stored: StoredPack, extra: Record<string, unknown>): Record<string, unknown> {
  const { pack, strategy } = assembled;
  const room = Math.floor((RESPONSE_MAX_BYTES - bytes(extra) - 200) / 4);
  const summary: PackSummary = summarizePack(pack, {
    ref: stored.ref, hash: stored.hash, id: stored.id, fileCount: stored.fileCount, symbolCount: stored.symbolCount,
    maxTokens: Math.min(ctx.config.limits.packResponseTokens, Math.max(500, room)),
    checkpoints: strategy.checkpoints, escalationPlan: assembled.escalationPlan, blockedCommands: assembled.blockedCommands,
  });
  return { ...summary, ...extra };
}

/** The envelope fields a pack turn sets: outcome, pack, strategy, sub-agent hints and the next step. */
export function packOutcome(assembled: AssembledPack, stored: StoredPack): Pick<VerbOutcome, 'outcome' | 'pack' | 'knowledgeStrategy' | 'subAgentHints' | 'suggestedAction'> {
  const { pack, strategy } = assembled;
  const insufficient = pack.outcome === 'pack_insufficient';
  const first = assembled.escalationPlan[0];
  return {
    outcome: insufficient ? 'pack_insufficient' : 'ok',
    pack: stored,
    knowledgeStrategy: { strategyId: strategy.strategyId, contextSignature: { ...strategy.signature }, reasons: strategy.reasons.slice(0, 20) },
    subAgentHints: { recommended: strategy.subAgentHints.recommended, splits: strategy.subAgentHints.suggestedSplits },
    ...(insufficient
      ? { suggestedAction: { verb: 'escalate', reason: first ? `the pack lacks ${pack.missingness.missingAnchors.map((m) => m.anchorType).join(', ') || 'a required anchor'}; ${first.args.need}` : 'the pack failed its ready gates', ...(first ? { args: { ...first.args } } : {}) } }
      : { suggestedAction: { verb: 'submit_execution_plan', reason: 'plan against the pack (read its files with read_file_lines first if needed)' } }),
  };
}
