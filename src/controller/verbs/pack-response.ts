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
    graph: ctx.graph, repoId: ctx.repoId, root: ctx.repoRoot, signal: ctx.signal, now: ctx.now(),
    fetchers: createConnectors({ root: ctx.repoRoot }), budgets: turnBudgets(ctx), ...(ctx.progress ? { onProgress: ctx.progress } : {}),
  };
}

/**
 * The pack part of an initialize_work / escalate result: the summary (files with scores and reasons,
 * anchors, chains, policies, memories, gaps, gates — degraded to fit), the strategy, and for an
 * insufficient pack the missing anchors, escalation plan and blocked commands. `extra` (schema, side
 * channels, delta) is measured first and the summary gets the bytes that are left.
 */
export function packResult(_ctx: VerbContext, assembled: AssembledPack, stored: StoredPack, extra: Record<string, unknown>): Record<string, unknown> {
  const { pack, strategy } = assembled;
  const base = {
    contextPack: {
      id: stored.id, ref: stored.ref, hash: stored.hash, version: pack.header.version, outcome: pack.outcome, fileCount: stored.fileCount, symbolCount: stored.symbolCount,
      // The pack's scope as plain lists (ranked files; the first symbols), as 001 §4 shows them.
      files: pack.evidence.files.map((f) => f.path),
      symbols: pack.evidence.symbols.slice(0, 60).map((s) => ({ name: s.name, kind: s.kind, file: s.path })),
    },
    strategy: {
      strategyId: strategy.strategyId, approach: strategy.approach, escalationGuidance: pack.strategy.escalationGuidance.slice(0, 20),
      suggestedSplits: strategy.suggestedSplits, checkpoints: strategy.checkpoints, reasons: strategy.reasons.slice(0, 20),
    },
    ...(pack.outcome === 'pack_insufficient'
      ? { missingAnchors: pack.missingness.missingAnchors, escalationPlan: assembled.escalationPlan, blockedCommands: assembled.blockedCommands }
      : {}),
    ...(pack.attachments && pack.attachments.length > 0 ? { attachments: pack.attachments } : {}),
    ...extra,
  };
  const room = Math.max(8_000, RESPONSE_MAX_BYTES - bytes(base) - 200);
  const summary: PackSummary = summarizePack(pack, { ref: stored.ref, hash: stored.hash, maxBytes: room });
  return { ...base, contextPack: { ...base.contextPack, summary } };
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
