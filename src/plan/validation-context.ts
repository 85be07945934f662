import type { Config } from '../config/index.js';
import type { Graph, GraphReader, RunOptions } from '../graph/index.js';
import { DEFAULT_DOCTRINES, DEFAULT_EVIDENCE_POLICY, STRATEGY_IDS, type ValidationContext } from './context.js';
import { effectivePolicy } from './checks/evidence.check.js';
import { loadEnforcementBundle } from './enforcement/graph-bundle.js';
import { Neo4jPlanFacts } from './facts/neo4j-plan-facts.js';
import { loadStrategyDoctrines } from './facts/strategy-doctrines.js';
import type { PackFileFact, PlanFacts } from './facts/plan-facts.js';
import { createFsScopeOracle } from './facts/scope-oracle.js';
import { EMPTY_PACK_SECTIONS, readPackFileSections, type PackFileSections } from './pack-file.js';
import type { EvidencePolicy } from './schema/fields.schema.js';
import { verificationCatalogFromConfig } from './verification-catalog.js';

/** Where a work lives: its repository namespace and the (real) worktree root its paths resolve in. */
export interface WorkScope {
  graph: Graph;
  repoId: string;
  workId: string;
  /** Real (symlink-resolved) absolute path of the worktree root. */
  worktreeRoot: string;
  /** Gate steps and recipes hooks may name; the repository's evidence policy (default when absent). */
  config: Pick<Config, 'gates' | 'recipes'> & Partial<Pick<Config, 'evidencePolicy' | 'memory'>>;
}

type StrategyId = (typeof STRATEGY_IDS)[number];
const isStrategyId = (value: unknown): value is StrategyId => typeof value === 'string' && (STRATEGY_IDS as readonly string[]).includes(value);

/**
 * The strategy a plan is judged by: the one the pack selected; while retrieval selects none, the
 * plan's declared strategy if it is one of the four classes (its doctrine is still the server's),
 * else the decision table's default.
 */
export function strategyFor(sections: PackFileSections, submission: unknown, packStrategyId: string | null = null): StrategyId {
  if (isStrategyId(packStrategyId)) return packStrategyId;
  if (sections.strategyId) return sections.strategyId;
  const declared = submission && typeof submission === 'object' ? (submission as Record<string, unknown>).knowledgeStrategyId : undefined;
  return isStrategyId(declared) ? declared : 'ui_aggrid_feature';
}

/** PlanFacts that also remember the pack files they returned (friction is recorded per domain anchor). */
export class RecordingPlanFacts implements PlanFacts {
  readonly seenFiles = new Map<string, PackFileFact>();
  constructor(readonly inner: Neo4jPlanFacts) {}
  activePack = () => this.inner.activePack();
  existingSymbols: PlanFacts['existingSymbols'] = (refs) => this.inner.existingSymbols(refs);
  tagUsages: PlanFacts['tagUsages'] = (paths) => this.inner.tagUsages(paths);
  componentContracts: PlanFacts['componentContracts'] = (tags) => this.inner.componentContracts(tags);
  packAnchors = () => this.inner.packAnchors();
  reservedByOthers: PlanFacts['reservedByOthers'] = (keys) => this.inner.reservedByOthers(keys);
  packFiles: PlanFacts['packFiles'] = async (paths) => {
    const rows = await this.inner.packFiles(paths);
    for (const row of rows) this.seenFiles.set(row.path, row);
    return rows;
  };
}

/**
 * The server's evidence policy: the repository's configured one (`.ai/config` `evidencePolicy`, else
 * the default), made stricter — never weaker — by a policy the server's own pack file states.
 */
export function serverEvidencePolicy(configured: Config['evidencePolicy'] | undefined, pack: EvidencePolicy | null): EvidencePolicy {
  const base: EvidencePolicy = configured ? { ...configured, distinctSourceDefinition: 'canonical_source' } : DEFAULT_EVIDENCE_POLICY;
  return pack ? effectivePolicy(base, pack) : base;
}

export interface BuiltContext {
  context: ValidationContext;
  facts: RecordingPlanFacts;
  sections: PackFileSections;
}

/**
 * Everything a validation of `submission` for this work is judged against, from the server's side
 * only: the active pack (Neo4j facts pinned to it, its pack-file sections), the enforcement bundle of
 * the repository, the configured verification catalog, and the filesystem scope oracle. `reader`: the
 * one read transaction a validation runs in (default: a transaction per read).
 */
export async function buildValidationContext(scope: WorkScope, submission: unknown, now: Date, run?: RunOptions, reader: GraphReader = scope.graph): Promise<BuiltContext> {
  const facts = new RecordingPlanFacts(new Neo4jPlanFacts({ graph: scope.graph, reader, repoId: scope.repoId, workId: scope.workId, run }));
  const [pack, enforcementBundle, doctrineTable] = await Promise.all([
    facts.inner.activePackRow(),
    loadEnforcementBundle(reader, scope.repoId, run),
    loadStrategyDoctrines(reader, scope.repoId, run),
  ]);
  const sections = pack ? await readPackFileSections(scope.worktreeRoot, pack.ref) : EMPTY_PACK_SECTIONS;
  const strategyId = strategyFor(sections, submission, pack?.strategyId ?? null);
  const context: ValidationContext = {
    facts,
    scopeOracle: createFsScopeOracle(scope.worktreeRoot),
    work: { workId: scope.workId, worktreeRoot: scope.worktreeRoot },
    strategy: doctrineTable.doctrines[strategyId] ?? DEFAULT_DOCTRINES[strategyId],
    doctrines: doctrineTable.doctrines,
    evidencePolicy: serverEvidencePolicy(scope.config.evidencePolicy, sections.evidencePolicy),
    // memory.enablePlanRuleMutation off: plan_rule memories are reported as skipped, never enforced.
    enforcementBundle: scope.config.memory?.enablePlanRuleMutation === false ? { ...enforcementBundle, memoryPlanRules: false } : enforcementBundle,
    verification: verificationCatalogFromConfig(scope.config),
    attachments: sections.attachments,
    signature: sections.signature,
    now,
  };
  return { context, facts, sections };
}
