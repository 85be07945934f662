import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/index.js';
import type { Graph } from '../graph/index.js';
import { assemblePack } from '../retrieval/assemble/index.js';
import type { Candidate, Lane } from '../retrieval/rank/candidate.model.js';
import { DEFAULT_FILE_BUDGET } from '../retrieval/rank/file-budget.js';

/** Lanes scored on their own in the ablation: the independent ones (closure, policy and memory derive from them). */
const ABLATION_LANES: readonly Lane[] = ['content', 'fielded', 'history', 'uitext', 'lexical', 'symbol'];

/** One lane's own ranking of files: best raw score per file, ties by path. */
export function laneRanking(candidates: readonly Candidate[], lane: Lane): string[] {
  const best = new Map<string, number>();
  for (const c of candidates) if (c.lane === lane && c.rawScore > 0) best.set(c.path, Math.max(best.get(c.path) ?? 0, c.rawScore));
  return [...best.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([p]) => p);
}

/**
 * With GRAPHGATE_EVAL_DUMP=<folder>, every pack's candidates and discrimination are written there
 * (one JSON per repo and prompt), so fusion weights and gate thresholds can be studied offline
 * (bench/retrieval/refuse.ts) without re-running the ingests.
 */
function dumpCandidates(request: EvalPackRequest, payload: object): void {
  const dir = process.env.GRAPHGATE_EVAL_DUMP;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const key = createHash('sha256').update(`${request.repoId}\n${request.prompt}`).digest('hex').slice(0, 20);
  writeFileSync(join(dir, `${key}.json`), JSON.stringify({ repoId: request.repoId, prompt: request.prompt, ...payload }));
}

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
  const { candidates } = assembled.diagnostics;
  const files = assembled.pack.evidence.files.map((f) => f.path);
  dumpCandidates(request, { files, outcome: assembled.pack.outcome, discrimination: assembled.pack.evidence.discrimination, candidates });
  const lanes = Object.fromEntries(ABLATION_LANES.map((lane) => [lane, laneRanking(candidates, lane)] as const).filter(([, ranked]) => ranked.length > 0));
  return {
    files,
    outcome: assembled.pack.outcome === 'ready' ? 'ok' : 'pack_insufficient',
    builder: 'graphgate assemblePack (text lanes fused with names, symbols, artifacts, closure; anchors; calibrated outcome)',
    lanes,
  };
}
