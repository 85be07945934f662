import type { Config } from '../config/index.js';
import type { Graph } from '../graph/index.js';
import { assemblePack } from '../retrieval/assemble/index.js';
import { DEFAULT_FILE_BUDGET } from '../retrieval/rank/file-budget.js';

/** What the harness gives the pack builder for one task. */
export interface EvalPackRequest {
  graph: Graph;
  repoId: string;
  repoRoot: string;
  config: Config;
  prompt: string;
  lexemes: string[];
}

/** What the harness needs back: the pack's files, in pack order, and whether the builder calls it sufficient. */
export interface EvalPack {
  /** Repo-relative paths of the files in the pack. */
  files: string[];
  /** The builder's own verdict (`initialize_work`'s `outcome`). */
  outcome: 'ok' | 'pack_insufficient';
  /** Which builder answered (recorded in the report, so runs of different builders are not compared blindly). */
  builder: string;
  /**
   * Each retrieval lane's own ranking of files (best first), by lane name, when the builder exposes
   * them: the history eval scores every lane like a system of its own (the ablation table).
   */
  lanes?: Record<string, string[]>;
}

/** A fixed clock: memory expiry is the only time-dependent input, and eval runs must be reproducible. */
const EVAL_NOW = new Date('2026-01-01T00:00:00Z');

/**
 * THE one place the evaluation harness builds a pack: the same `assemblePack` that `initialize_work`
 * runs, with the same file budget, as a dry run — no Work, no pack file, no connector calls — so an
 * evaluated repository is left untouched.
 */
export async function buildEvalPack(request: EvalPackRequest): Promise<EvalPack> {
  const assembled = await assemblePack({
    graph: request.graph,
    repoId: request.repoId,
    root: request.repoRoot,
    prompt: request.prompt,
    lexemes: request.lexemes,
    fetchers: null,
    now: EVAL_NOW,
    budgets: { files: { ...DEFAULT_FILE_BUDGET, maxFiles: Math.min(DEFAULT_FILE_BUDGET.maxFiles, request.config.limits.packMaxFiles) } },
  });
  return {
    files: assembled.pack.evidence.files.map((f) => f.path),
    outcome: assembled.pack.outcome === 'ready' ? 'ok' : 'pack_insufficient',
    builder: 'graphgate assemblePack (five lanes, explained rerank, anchors, closure)',
  };
}
