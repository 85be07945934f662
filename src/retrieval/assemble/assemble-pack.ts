import { AppError } from '../../errors/index.js';
import { DEFAULT_DISCRIMINATION_OPTIONS, discriminationOf } from '../rank/discrimination.js';
import { promptTerms } from '../text/prompt-terms.js';
import { int, type Graph } from '../../graph/index.js';
import type { LaneContext } from '../lanes/lane.model.js';
import { lexemeAliasesQuery, repoSnapshotQuery } from '../lanes/lane.queries.js';
import { policyPlaneOf } from '../lanes/policy.lane.js';
import { scopeMemories } from '../lanes/memory.lane.js';
import { buildLexemes } from '../lexemes/lexeme-builder.js';
import type { AgentLexeme, JiraFields, Lexeme, LexemeAlias } from '../lexemes/lexeme.model.js';
import { canonicalJson, sha256Hex } from '../pack/canonical-json.js';
import { contextPackSchema, normalizePack, PACK_SCHEMA_VERSION, type ContextPack } from '../pack/pack-contract.schema.js';
import { evidenceFilesOf } from '../pack/pack-evidence.js';
import { checkPackGates } from '../pack/pack-gates.js';
import { buildTaskSpec } from '../pack/task-spec.js';
import type { packAttachmentSchema } from '../pack/pack-sections.schema.js';
import type { Candidate } from '../rank/candidate.model.js';
import { parentFolder } from '../rank/path-features.js';
import { computeContextSignature } from '../signature/context-signature.js';
import { compareText, sortedUnique } from '../shared/stable-order.js';
import { selectStrategy } from '../strategy/strategy-table.js';
import type { StrategyDecision } from '../strategy/strategy.model.js';
import type { z } from 'zod';
import { fetchArtifacts, type ArtifactFetchers } from './artifact-fetch.js';
import { resolveBudgets, type AssemblyBudgets } from './assembly.config.js';
import { anchorRef, blockedCommandsOf, chainGaps, disambiguationStep, escalationPlanOf, evidenceSymbolsAndSnippets, validationPlanOf, type EscalationStep } from './pack-sections.js';
import { requiredProofChains } from './proof-chain-hook.js';
import { rankWithDetails, retrieve, selectRanked } from './retrieve.js';
import { withSnippetText } from './snippet-text.js';

export type PackAttachment = z.infer<typeof packAttachmentSchema>;

export interface AssemblePackInput {
  graph: Graph;
  repoId: string;
  /** Real path of the repository root: connectors read `.ai/auth/` there, and evidence snippets their text (hash-checked); '' = no snippet text. */
  root: string;
  prompt: string | null;
  /** The agent's `args.lexemes`. */
  lexemes?: readonly AgentLexeme[];
  /** Jira fields already known; when absent, the first ticket key of the task is fetched through `fetchers`. */
  jira?: (JiraFields & { url?: string }) | null;
  attachments?: readonly PackAttachment[];
  signal?: AbortSignal;
  onProgress?: (message: string) => void;
  /** Header identity (a dry run uses `dry-run`, version 1). */
  workId?: string;
  version?: number;
  supersedes?: string | null;
  budgets?: Partial<AssemblyBudgets>;
  fetchers?: ArtifactFetchers | null;
  /** Used only for memory expiry; pass a fixed value for reproducible packs. */
  now?: Date;
  /** false: strategy_signal memories do not override the signature (memory.enableStrategyOverride). */
  strategyMemories?: boolean;
}

export interface AssembledPack {
  pack: ContextPack;
  /** The pack file's exact bytes (canonical JSON, 2-space indent, trailing newline) and their `sha256:` hash. */
  text: string;
  hash: string;
  strategy: StrategyDecision;
  lexemes: Lexeme[];
  escalationPlan: EscalationStep[];
  blockedCommands: Array<{ verb: string; reason: string }>;
  /** Symbol facts the ContextPack node INCLUDES (the evidence symbols). */
  symbolIds: string[];
  /** `candidates`: every lane hit the final ranking was made from (the eval's lane ablation re-ranks them). */
  diagnostics: { laneCounts: Record<string, number>; notes: string[]; closureEdges: number; timingsMs: Record<string, number>; candidates: Candidate[] };
}

/** A disambiguation step when the evidence_discriminates gate failed. */
function undecided(pack: ContextPack): EscalationStep[] {
  const gate = (pack.gates ?? []).find((g) => g.gate === 'evidence_discriminates');
  const d = pack.evidence.discrimination;
  return gate && !gate.pass && d ? [disambiguationStep(d.head, d.unplacedTerms, d.absentTerms)] : [];
}

/**
 * Refuses to build a pack for a repository the graph has never ingested (no Repo node, or one whose
 * first ingest has not finished): REPO_NOT_INGESTED names the fix instead of an empty pack.
 */
export async function assertRepoIngested(graph: Graph, repoId: string, run?: LaneContext['run']): Promise<void> {
  const [row] = await graph.read(repoSnapshotQuery, { repoId }, run);
  if (!row?.snapshotId) throw new AppError('REPO_NOT_INGESTED', { details: { repoId } });
}

async function readAliases(ctx: LaneContext): Promise<LexemeAlias[]> {
  const rows = await ctx.graph.read(lexemeAliasesQuery, { repoId: ctx.repoId, limit: int(2000) }, ctx.run);
  return rows.map((r) => ({ id: r.id, term: r.term, aliases: r.aliases, ...(r.negative ? { negative: r.negative } : {}), ...(r.domain ? { domain: r.domain } : {}) }));
}

/** The pack's id: derived from its content (with the id blanked), so equal inputs give equal ids. */
function withPackId(pack: ContextPack): ContextPack {
  const blank = { ...pack, header: { ...pack.header, contextPackId: 'pending' } };
  return { ...pack, header: { ...pack.header, contextPackId: `pack-${sha256Hex(canonicalJson(blank)).slice(0, 16)}` } };
}

/**
 * Finishes a pack: canonical order, pack-ready gates (which set `outcome`), the content-derived id,
 * schema validation, and the file's exact bytes (canonical JSON, 2-space indent, newline) with their hash.
 */
export function sealPack(draft: ContextPack): { pack: ContextPack; text: string; hash: string } {
  const normalized = normalizePack(draft);
  const { ready, gates } = checkPackGates(normalized);
  const pack = contextPackSchema.parse(withPackId({ ...normalized, outcome: ready ? 'ready' : 'pack_insufficient', gates }));
  const text = `${canonicalJson(pack, 2)}\n`;
  return { pack, text, hash: `sha256:${sha256Hex(text)}` };
}

/**
 * Assembles a ContextPack (002 §7) from the graph: lexemes (prompt, agent terms, Jira, LexemeAliases) →
 * base signature → five lanes, closure and ranking → anchors → signature with graph hints → proof
 * chains the signature requires → strategy after memory and policy overrides → the ten sections →
 * pack-ready gates (`outcome`). Deterministic: the same inputs on the same graph give the same bytes.
 */
export async function assemblePack(input: AssemblePackInput): Promise<AssembledPack> {
  const t0 = performance.now();
  const timings: Record<string, number> = {};
  const lap = (name: string): void => void (timings[name] = Math.round(performance.now() - t0));
  const ctx: LaneContext = { graph: input.graph, repoId: input.repoId, ...(input.signal ? { run: { signal: input.signal } } : {}) };
  const budgets = resolveBudgets(input.budgets);
  const now = input.now ?? new Date();
  const progress = input.onProgress;
  const prompt = input.prompt ?? '';
  const agentLexemes = input.lexemes ?? [];

  progress?.('building lexemes');
  const [aliases, [snapStart]] = await Promise.all([readAliases(ctx), ctx.graph.read(repoSnapshotQuery, { repoId: input.repoId }, ctx.run)]);
  let lexemes = buildLexemes({ prompt, agentLexemes, jira: input.jira ?? null, aliases });
  const fetched = await fetchArtifacts({
    fetchers: input.fetchers, lexemes, jiraGiven: Boolean(input.jira), signal: input.signal,
    texts: [prompt, ...(input.attachments ?? []).map((a) => a.ref)],
  });
  const jira = input.jira ?? fetched.jira;
  if (fetched.jira) lexemes = buildLexemes({ prompt, agentLexemes, jira, aliases });
  const baseInput = { prompt, lexemes, jira, swaggerRefs: fetched.specRefs };
  const base = computeContextSignature(baseInput);
  lap('lexemes');

  // An empty pack would look like an answer ("nothing matches"); the truth is that nothing was read.
  if (!snapStart?.snapshotId) throw new AppError('REPO_NOT_INGESTED', { details: { repoId: input.repoId } });
  const snapshotId = snapStart.snapshotId;
  const taskText = [prompt, ...agentLexemes, jira?.summary ?? '', jira?.description ?? ''].filter(Boolean).join('\n');
  const retrieval = await retrieve({ ctx, taskText, lexemes, budgets, snapshotId, now, endpointPaths: fetched.endpointPaths, artifacts: fetched.statuses, progress });
  lap('retrieval');

  // Graph hints from the anchor files only, so a stray closure file cannot change the task's nature.
  const anchorFiles = sortedUnique([...retrieval.anchors.entrypoints, ...retrieval.anchors.definitions].map((a) => a.path));
  const anchorDetails = anchorFiles.map((p) => retrieval.details.get(p)).filter((d) => d !== undefined);
  const selectedDetails = retrieval.selected.map((f) => retrieval.details.get(f.path)).filter((d) => d !== undefined);
  const tests = retrieval.closure.tests;
  const hinted = computeContextSignature({
    ...baseInput,
    graph: {
      agGridTables: anchorDetails.reduce((n, d) => n + d.gridTables, 0),
      federationBoundary: anchorDetails.some((d) => d.federation),
      adpUsages: anchorDetails.reduce((n, d) => n + d.adpUsages, 0),
      shadowDomUsages: anchorDetails.reduce((n, d) => n + d.sdfUsages, 0),
      contractAnchors: retrieval.anchors.definitions.length,
      ...(tests.length > 0 ? { testConfidence: Math.max(...tests.map((t) => (t.confidence === 'high' ? 3 : t.confidence === 'medium' ? 2 : 1))) } : {}),
    },
  });

  // Folders of the evidence are the domain anchors in play: policies and memories are scoped to them.
  let selected = retrieval.selected;
  let cut = retrieval.cut;
  let anchors = retrieval.anchors;
  const folders = (): string[] => sortedUnique(selected.map((f) => f.anchorId || parentFolder(f.path)));
  const legacyTags = sortedUnique(selectedDetails.flatMap((d) => d.adpTags));
  const plane = policyPlaneOf(retrieval.policyRows, { folders: folders(), legacyTags }).plane;
  const memories = scopeMemories(retrieval.memoryRows, { folders: folders(), now }).memories;
  const strategy = selectStrategy({
    base: hinted, memories: memories.map((m) => m.override), memorySignals: input.strategyMemories !== false, policies: plane.signals, anchorsInPlay: folders(),
    legacyInScope: anchorDetails.some((d) => d.adpUsages > 0) || lexemes.some((l) => l.polarity === 'positive' && l.norm.startsWith('adp-')), doctrines: plane.doctrines,
  });
  lap('strategy');

  progress?.(strategy.requiredProofChains.length > 0 ? `proving ${strategy.requiredProofChains.join(' and ')} chains` : 'no proof chain required');
  const entities = selected.flatMap((f) => f.entities);
  // Starts in rank order (anchors, then the entities of the ranked files): only the first few are
  // tried, so they must be the strongest, not the first by id (a remote route sorted after the
  // host's own routes used to be skipped and the federation chain reported unknown).
  const idsOf = (kinds: string[]) => [...new Set([...anchors.entrypoints, ...entities].filter((e) => kinds.includes(e.kind)).map((e) => e.id))];
  const [chains, [snapEnd]] = await Promise.all([
    requiredProofChains(ctx, strategy.requiredProofChains, { tables: idsOf(['grid_table']), components: idsOf(['component']), routes: idsOf(['route']), rankedPaths: selected.map((f) => f.path) }),
    ctx.graph.read(repoSnapshotQuery, { repoId: input.repoId }, ctx.run),
  ]);
  const chainPaths = new Set(selected.map((f) => f.path));
  const hopCandidates: Candidate[] = chains.flatMap((c) => c.hops.flatMap((h) => (h.path && h.id && !chainPaths.has(h.path)
    ? [{ id: h.id, kind: 'file' as const, path: h.path, lane: 'closure' as const, rawScore: 1, reasons: [`hop ${h.label} of the ${c.chainType} proof chain`] }] : [])));
  const finalCandidates = [...retrieval.candidates, ...hopCandidates];
  if (hopCandidates.length > 0) {
    const ranked = await rankWithDetails({ ctx, lexemes, budgets, snapshotId }, finalCandidates, retrieval.details);
    ({ selected, cut, anchors } = selectRanked(ranked, budgets, retrieval.lanesSearched));
    cut = [...cut, ...retrieval.closure.cut];
  }
  lap('proof-chains');

  const moved = (snapEnd?.snapshotId ?? '') !== snapshotId;
  const sha = new Map([...retrieval.details.values()].flatMap((d) => (d.sha256 ? [[d.path, d.sha256] as const] : [])));
  const files = evidenceFilesOf(selected, sha).map((f) => (moved ? { ...f, snapshotId: `mixed:${snapshotId},${snapEnd?.snapshotId ?? ''}`.slice(0, 200) } : f));
  const allAnchors = [...anchors.entrypoints, ...anchors.definitions];
  const refs = evidenceSymbolsAndSnippets(selected, retrieval.details, allAnchors, budgets.maxSnippets);
  const symbols = refs.symbols;
  // The snippets carry their text (bounded, redacted), read from disk only where the bytes still match the graph's hash.
  const snippets = moved ? refs.snippets : await withSnippetText(input.root, refs.snippets, sha);
  const missingAnchors = [...anchors.missing, ...chainGaps(chains, strategy.requiredProofChains, retrieval.lanesSearched)];
  const taskSpec = buildTaskSpec({ prompt, agentLexemes, jira, lexemes });
  const artifactDeltas = fetched.statuses.filter((s) => s.status === 'missing').map((s) => ({ type: 'artifact_fetch', detail: `${s.kind} ${s.ref}: ${s.detail}`.slice(0, 4000) }));
  const draft: ContextPack = {
    header: { schemaVersion: PACK_SCHEMA_VERSION, workId: input.workId ?? 'dry-run', repoId: input.repoId, repoSnapshotId: snapshotId, contextPackId: 'pending', version: input.version ?? 1, supersedes: input.supersedes ?? null },
    taskSpec,
    strategy: {
      strategyId: strategy.strategyId, approach: strategy.approach, reasons: strategy.reasons.map((r) => r.slice(0, 4000)), signature: strategy.signature, baseSignature: base.signature,
      overrides: strategy.overrides.map((o) => ({ ...o, feature: String(o.feature), reason: o.reason.slice(0, 4000) })),
      escalationGuidance: [...strategy.escalationGuidance, ...plane.escalationTriggers].map((g) => g.slice(0, 4000)), suggestedSplits: strategy.suggestedSplits, requiredProofChains: strategy.requiredProofChains,
    },
    policies: plane.policies,
    recipes: { recipes: plane.recipes, examples: plane.examples },
    anchors: { entrypoints: anchors.entrypoints.map((a) => anchorRef(a, snapshotId)), definitions: anchors.definitions.map((a) => anchorRef(a, snapshotId)), proofChains: chains },
    evidence: { files, symbols, snippets, discrimination: discriminationOf(selected, finalCandidates, promptTerms(taskText), retrieval.taskTerms.absent, { ...DEFAULT_DISCRIMINATION_OPTIONS, textWeights: budgets.rank.textFusion.weights }) },
    validationPlan: validationPlanOf(tests, retrieval.candidates, strategy.signature, plane.requiredChecks),
    missingness: {
      missingAnchors, conflicts: [...taskSpec.conflicts, ...(moved ? [{ between: [`snapshot ${snapshotId}`, `snapshot ${snapEnd?.snapshotId ?? '(none)'}`], description: 'the repository was re-ingested while the pack was built; rebuild it' }] : [])],
      recommendedDeltas: [...escalationPlanOf(missingAnchors).map((s) => ({ type: s.args.type, detail: s.args.need })), ...artifactDeltas, ...retrieval.notes.map((n) => ({ type: 'note', detail: n.slice(0, 4000) }))],
      cut: cut.map((c) => ({ path: c.path, score: c.score, reason: c.reason.slice(0, 60) })).slice(0, 500),
    },
    memories: { anchorsQueried: folders(), records: memories.map((m) => m.record) },
    outcome: 'ready',
    ...(input.attachments && input.attachments.length > 0 ? { attachments: [...input.attachments] } : {}),
  };
  const { pack, text, hash } = sealPack(draft);
  const ready = pack.outcome === 'ready';
  lap('sections');
  return {
    pack, text, hash, strategy, lexemes,
    escalationPlan: ready ? [] : [...escalationPlanOf(missingAnchors), ...undecided(pack)],
    blockedCommands: blockedCommandsOf(pack.outcome, missingAnchors),
    symbolIds: sortedUnique(symbols.map((s) => s.id)).sort(compareText),
    diagnostics: { laneCounts: retrieval.laneCounts, notes: retrieval.notes, closureEdges: retrieval.closure.edges, timingsMs: timings, candidates: finalCandidates },
  };
}
