import { int } from '../../graph/index.js';
import { expandClosure, type ClosureResult } from '../closure/closure.js';
import { artifactLane, type ArtifactStatus } from '../lanes/artifact.lane.js';
import type { LaneContext, LaneResult } from '../lanes/lane.model.js';
import { fileDetailsQuery, type FileDetailRow, type MemoryRow, type PolicyRecordRow } from '../lanes/lane.queries.js';
import { absentTaskTerms, contentLane, fieldedLane } from '../lanes/content.lane.js';
import { historyLane } from '../lanes/history.lane.js';
import { uiTextLane } from '../lanes/ui-text.lane.js';
import { lexicalLane } from '../lanes/lexical.lane.js';
import { readActiveMemories, scopeMemories } from '../lanes/memory.lane.js';
import { policyPlaneOf, readPolicyRecords } from '../lanes/policy.lane.js';
import { symbolLane } from '../lanes/symbol.lane.js';
import type { Lexeme } from '../lexemes/lexeme.model.js';
import { selectAnchors, type MissingAnchor, type SelectedAnchor } from '../rank/anchor-selection.js';
import type { Candidate, Lane } from '../rank/candidate.model.js';
import { selectWithinBudget, type CutFile } from '../rank/file-budget.js';
import { compareRankedFiles, rankFiles, type RankedFile } from '../rank/fusion.rank.js';
import { parentFolder } from '../rank/path-features.js';
import { compareText, sortedUnique } from '../shared/stable-order.js';
import type { AssemblyBudgets } from './assembly.config.js';

export interface RetrievalInput {
  ctx: LaneContext;
  /** The task's words as written (prompt, agent terms, ticket text), for the text lanes. */
  taskText: string;
  lexemes: readonly Lexeme[];
  budgets: AssemblyBudgets;
  snapshotId: string;
  now: Date;
  endpointPaths?: readonly string[];
  artifacts?: readonly ArtifactStatus[];
  progress?: (message: string) => void;
}

/** Everything retrieval found, ranked, selected and anchored, plus what the sections need. */
export interface Retrieval {
  candidates: Candidate[];
  ranked: RankedFile[];
  selected: RankedFile[];
  cut: Array<CutFile | { path: string; score: number; reason: string }>;
  anchors: { entrypoints: SelectedAnchor[]; definitions: SelectedAnchor[]; missing: MissingAnchor[] };
  details: Map<string, FileDetailRow>;
  lanesSearched: Lane[];
  laneCounts: Record<string, number>;
  notes: string[];
  closure: ClosureResult;
  policyRows: PolicyRecordRow[];
  memoryRows: MemoryRow[];
  /** The task's search words, and those no file of the repository contains (empty when the text lanes are off). */
  taskTerms: { terms: string[]; absent: string[] };
}

// Not template usages: one generic word matching a tag or handler would pull in its component and,
// a round later, that component's DTOs — anchors for a task the repository knows nothing about.
// Grid columns seed closure: a column named in the task leads to the grid's host component (COLUMN_OF).
const SEED_KINDS = new Set(['route', 'component', 'service', 'module', 'remote_expose', 'grid_table', 'column_def', 'file', 'endpoint', 'cell_renderer']);

/** Reads the details of files not read yet (at most `max` per call, best-ranked first). */
async function readDetails(ctx: LaneContext, ranked: readonly RankedFile[], details: Map<string, FileDetailRow>, budgets: AssemblyBudgets): Promise<void> {
  const paths = ranked.map((f) => f.path).filter((p) => !details.has(p)).slice(0, budgets.detailFiles);
  if (paths.length === 0) return;
  const rows = await ctx.graph.read(fileDetailsQuery, { repoId: ctx.repoId, files: { paths }, maxSymbols: int(budgets.symbolsPerFile) }, ctx.run);
  for (const row of rows) details.set(row.path, row);
}

/** Candidates with what the graph says about their files (in-degree, size) and the current snapshot. */
function enrich(candidates: readonly Candidate[], details: ReadonlyMap<string, FileDetailRow>, snapshotId: string): Candidate[] {
  return candidates.map((c) => {
    const d = details.get(c.path);
    return {
      ...c,
      ...(snapshotId ? { snapshotId } : {}),
      ...(d ? { inDegree: Math.max(0, Math.trunc(d.inDegree)) } : {}),
      ...(d && typeof d.bytes === 'number' && d.bytes >= 0 ? { bytes: Math.trunc(d.bytes) } : {}),
    };
  });
}

/** Ranks candidates with file details, reading details of newly ranked files first. */
export async function rankWithDetails(input: Pick<RetrievalInput, 'ctx' | 'lexemes' | 'budgets' | 'snapshotId'>, candidates: readonly Candidate[], details: Map<string, FileDetailRow>): Promise<RankedFile[]> {
  const first = rankFiles(enrich(candidates, details, input.snapshotId), input.lexemes, input.budgets.rank);
  const before = details.size;
  await readDetails(input.ctx, first, details, input.budgets);
  return details.size === before ? first : rankFiles(enrich(candidates, details, input.snapshotId), input.lexemes, input.budgets.rank);
}

const closureValue = (f: RankedFile): number => f.contributions.find((c) => c.name === 'lane:closure')?.value ?? 0;

/**
 * Structure completes the pack rather than ranking it (RETRIEVAL-EVIDENCE.md): the files closure reached
 * from the head (a template's child component, the injected service, the DTO) are worth a place even
 * when the text lanes filled the budget. The `closureReserve` strongest of them that the budget cut take
 * the places of the lowest-ranked files that play no anchor role (recorded as cut).
 */
function keepClosureNeighbours(ranked: readonly RankedFile[], selected: RankedFile[], cut: Array<{ path: string; score: number; reason: string }>, budgets: AssemblyBudgets): void {
  const chosen = new Set(selected.map((f) => f.path));
  const neighbours = ranked.filter((f) => !chosen.has(f.path) && closureValue(f) > 0)
    .sort((a, b) => closureValue(b) - closureValue(a) || compareRankedFiles(a, b)).slice(0, budgets.closureReserve);
  for (const near of neighbours) {
    if (selected.length >= budgets.files.maxFiles) {
      const victim = [...selected].reverse().find((f) => f.roles.length === 0 && closureValue(f) === 0);
      if (!victim) return;
      selected.splice(selected.indexOf(victim), 1);
      cut.push({ path: victim.path, score: victim.score, reason: 'displaced_by_closure' });
    }
    selected.push({ ...near, reasons: [...near.reasons, 'kept beyond the file budget: closure reached it from the top files'] });
    const at = cut.findIndex((c) => c.path === near.path);
    if (at >= 0) cut.splice(at, 1);
  }
}

/**
 * Budget selection and anchors of a final ranking. The anchor invariant outranks the file budget:
 * when the budget cut the only files able to play a role (entrypoint, definition), the best of them
 * is taken back, displacing the lowest-ranked file that plays no role (recorded as cut).
 */
export function selectRanked(ranked: readonly RankedFile[], budgets: AssemblyBudgets, lanesSearched: readonly Lane[]) {
  const picked = selectWithinBudget(ranked, budgets.files);
  const selected = [...picked.selected];
  const cut: Array<{ path: string; score: number; reason: string }> = [...picked.cut];
  for (const role of ['entrypoint', 'definition'] as const) {
    if (selected.some((f) => f.roles.includes(role))) continue;
    const best = ranked.find((f) => f.roles.includes(role) && f.score > 0 && !selected.includes(f));
    if (!best) continue;
    if (selected.length >= budgets.files.maxFiles) {
      const victim = [...selected].reverse().find((f) => f.roles.length === 0);
      if (!victim) continue;
      selected.splice(selected.indexOf(victim), 1);
      cut.push({ path: victim.path, score: victim.score, reason: 'displaced_by_anchor' });
    }
    selected.push({ ...best, reasons: [...best.reasons, `kept beyond the file budget: the only ${role} anchor candidates were cut`] });
    cut.splice(cut.findIndex((c) => c.path === best.path), 1);
  }
  keepClosureNeighbours(ranked, selected, cut, budgets);
  selected.sort(compareRankedFiles);
  return { selected, cut, anchors: selectAnchors(selected, { maxPerRole: budgets.anchorsPerRole, lanesSearched, minShareOfTop: budgets.anchorMinShareOfTop }) };
}

/**
 * The retrieval half of pack assembly: lexical, symbol and artifact lanes in parallel → ranking with
 * file details → closure from the entities of the top files, with the policy and memory records read
 * alongside → the final ranking, budget selection and anchors.
 */
export async function retrieve(input: RetrievalInput): Promise<Retrieval> {
  const { ctx, lexemes, budgets } = input;
  input.progress?.('searching the text, lexical, symbol and artifact lanes');
  // The text lanes are searched when their fusion weighs (a configuration may rank by structure alone).
  const text = budgets.rank.textWeight > 0;
  const off = (lane: Lane): LaneResult => ({ lane, candidates: [], searched: false, notes: [] });
  const [taskTerms, ...first] = await Promise.all([
    text ? absentTaskTerms(ctx, input.taskText) : Promise.resolve({ terms: [], absent: [] }),
    text ? contentLane(ctx, input.taskText) : off('content'),
    text ? fieldedLane(ctx, input.taskText) : off('fielded'),
    text ? uiTextLane(ctx, lexemes) : off('uitext'),
    text ? historyLane(ctx, lexemes, { prompt: input.taskText }) : off('history'),
    lexicalLane(ctx, lexemes, { perIndex: budgets.lexicalPerIndex }),
    symbolLane(ctx, lexemes, { limit: budgets.symbolLimit }),
    artifactLane(ctx, lexemes, { endpointPaths: input.endpointPaths ?? [], artifacts: input.artifacts ?? [] }),
  ]);
  const details = new Map<string, FileDetailRow>();
  const direct = first.flatMap((l) => l.candidates);
  // Seeds only need the direct ranking; file details are read once, after closure, for the final one.
  const ranked1 = rankFiles(enrich(direct, details, input.snapshotId), lexemes, budgets.rank);

  input.progress?.('expanding closure from the anchors; reading policies and memories');
  // Only files the ranking values seed closure: a hit of a lane that weighs nothing is not a lead.
  const top = ranked1.filter((f) => f.score > 0).slice(0, budgets.files.maxFiles);
  const seeds = top.flatMap((f) => f.entities.filter((e) => SEED_KINDS.has(e.kind)).slice(0, 3).map((e) => ({ id: e.id, score: f.score })));
  const [policyRows, memoryRows, closure] = await Promise.all([
    readPolicyRecords(ctx),
    readActiveMemories(ctx),
    seeds.length > 0 ? expandClosure(ctx, seeds, budgets.closure) : Promise.resolve({ candidates: [], tests: [], cut: [], edges: 0, configFlags: [] } as ClosureResult),
  ]);
  const folders = sortedUnique(top.slice(0, 20).map((f) => parentFolder(f.path)));
  const policy = policyPlaneOf(policyRows, { folders, legacyTags: [] });
  const memory = scopeMemories(memoryRows, { folders, now: input.now });

  const lanes = [...first, policy.result, memory.result, { lane: 'closure' as const, candidates: closure.candidates, searched: seeds.length > 0, notes: [] }];
  const candidates = lanes.flatMap((l) => l.candidates);
  const ranked = await rankWithDetails(input, candidates, details);
  const lanesSearched = lanes.filter((l) => l.searched).map((l) => l.lane);
  const { selected, cut, anchors } = selectRanked(ranked, budgets, lanesSearched);
  const laneCounts = Object.fromEntries(lanes.map((l) => [l.lane, l.candidates.length]));
  return {
    candidates, ranked, selected, cut: [...cut, ...closure.cut], anchors, details, lanesSearched, laneCounts,
    notes: lanes.flatMap((l) => l.notes).sort(compareText), closure, policyRows, memoryRows, taskTerms,
  };
}
