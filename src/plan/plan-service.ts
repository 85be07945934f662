import type { Config } from '../config/index.js';
import { AppError } from '../errors/index.js';
import { canonicalRepoPath } from '../paths/index.js';
import type { GraphTx, RunOptions } from '../graph/index.js';
import { int, readerOf } from '../graph/index.js';
import { mintPlanId, writeAcceptedPlan } from './plan-persistence.js';
import { planGraphSchemaForWork } from './plan-schema-for-work.js';
import type { PlanGraphSchemaDocument } from './schema/json-schema.js';
import { lockWorkPlan, readWorkPlan, recordNodeOutcome, type PlanNodeRow, type PlanRow } from './plan.queries.js';
import { completionDecision, computeProgress, isNodeComplete, recordOutcome, type ExecutionState, type NodeOutcome, type PlanProgress } from './progress/progress.js';
import type { PlanGraph } from './schema/plan-graph.schema.js';
import { buildValidationContext, type WorkScope } from './validation-context.js';
import { validatePlan, type PlanValidationResult } from './validator.js';
import { dropWaiting, loadWaiting, storeWaiting } from './waiting-plans.js';
import { REJECTION_CODES, type RejectionCode } from './violation.js';

/** Refusals that rest on a proof chain the graph did not show. */
const CHAIN_CODES: ReadonlySet<string> = new Set(['PLAN_ORIGIN_UNKNOWN', 'PLAN_FEDERATION_PROOF_MISSING']);

/** One friction record per rejection code of a rejected submission (the session layer stores them). */
export interface PlanFriction {
  code: RejectionCode;
  strategyId: string;
  domainAnchorIds: string[];
  nodeIds: string[];
}

export interface PlanVerdict extends PlanValidationResult {
  strategyId: string;
  /** Empty when accepted. */
  friction: PlanFriction[];
}

export interface PersistedPlanNode {
  nodeId: string;
  kind: string;
  outcome: NodeOutcome;
  complete: boolean;
  targetFile: string | null;
  dependsOn: string[];
  mapsToNodeIds: string[];
}

/** A work's accepted plan with its progress (what GraphQL and the execution plane read). */
export interface WorkPlanView {
  workId: string;
  state: string;
  plan: PlanRow | null;
  nodes: PersistedPlanNode[];
  progress: PlanProgress;
  completion: { allowed: boolean; reason?: string };
}

const OUTCOMES: ReadonlySet<string> = new Set<NodeOutcome>(['pending', 'running', 'succeeded', 'failed']);
const outcomeOf = (value: string | null): NodeOutcome => (value !== null && OUTCOMES.has(value) ? (value as NodeOutcome) : 'pending');

function progressPlan(rows: ReadonlyArray<{ nodeId: string; kind: string; mapsToNodeIds: string[] | null; outcome: string | null }>) {
  const plan = { nodes: rows.map((n) => ({ nodeId: n.nodeId, kind: n.kind, mapsToNodeIds: n.mapsToNodeIds ?? [] })) };
  const state: ExecutionState = { outcomes: Object.fromEntries(rows.map((n) => [n.nodeId, outcomeOf(n.outcome)])) };
  return { plan, state };
}

function frictionOf(result: PlanValidationResult, strategyId: string, anchorsByNode: Map<string, readonly string[]>): PlanFriction[] {
  const byCode = new Map<RejectionCode, { anchors: Set<string>; nodes: Set<string> }>();
  for (const v of result.violations) {
    const entry = byCode.get(v.code) ?? { anchors: new Set<string>(), nodes: new Set<string>() };
    if (v.nodeId) {
      entry.nodes.add(v.nodeId);
      for (const a of anchorsByNode.get(v.nodeId) ?? []) entry.anchors.add(a);
    }
    byCode.set(v.code, entry);
  }
  return [...byCode.entries()]
    .sort(([a], [b]) => REJECTION_CODES.indexOf(a) - REJECTION_CODES.indexOf(b))
    .map(([code, e]) => ({ code, strategyId, domainAnchorIds: [...e.anchors].sort(), nodeIds: [...e.nodes].sort() }));
}

/**
 * The plan capability's service, shared by the MCP verbs, GraphQL and the execution plane: validate
 * a submission against the work's pack (read-only), persist an accepted plan inside the turn's
 * commit, read a work's plan and progress, and record node outcomes.
 */
export class PlanService {
  constructor(private readonly scope: Omit<WorkScope, 'workId' | 'config'> & { config: WorkScope['config'] & Partial<Pick<Config, 'locks'>>; now?: () => Date }) {}

  /** `locks.overlapPolicy` (default `reject`): under `block` another work's lease queues a plan instead of rejecting it. */
  get overlapPolicy(): 'reject' | 'block' {
    return this.scope.config.locks?.overlapPolicy ?? 'reject';
  }

  private forWork(workId: string): WorkScope {
    return { ...this.scope, workId };
  }

  /** The planGraphSchema of a work (initialize_work and escalate return it once the pack is recorded). */
  schemaFor(workId: string, run?: RunOptions): Promise<PlanGraphSchemaDocument> {
    return planGraphSchemaForWork(this.forWork(workId), run);
  }

  /**
   * Validates a submission for a work. Read-only: nothing is persisted and no state changes.
   * `leasesCheckedByCaller`: other works' leases are not plan violations here because the caller
   * decides them itself (submit_execution_plan: PlanLeases, which keeps a lease-refused plan).
   */
  async validate(workId: string, submission: unknown, run?: RunOptions, options: { leasesCheckedByCaller?: boolean } = {}): Promise<PlanVerdict> {
    const verdict = await this.validateOnce(workId, submission, run, options);
    // A proof chain read while a re-ingest commits can miss an edge for a moment (ingest/README.md
    // "Atomic updates"): a refusal that rests on a missing chain is read once more before it stands.
    if (verdict.accepted || !verdict.violations.some((v) => CHAIN_CODES.has(v.code))) return verdict;
    await new Promise((resolve) => setTimeout(resolve, 50));
    return this.validateOnce(workId, submission, run, options);
  }

  /**
   * One validation, reading every fact in one read transaction (under eight agents submitting at once,
   * fourteen transactions per submission were what the burst cost). Validation only reads, so the
   * transaction's retry re-runs it whole.
   */
  private validateOnce(workId: string, submission: unknown, run: RunOptions | undefined, options: { leasesCheckedByCaller?: boolean }): Promise<PlanVerdict> {
    return this.scope.graph.readTx('plan/validate', async (tx) => {
      const built = await buildValidationContext(this.forWork(workId), submission, (this.scope.now ?? (() => new Date()))(), run, readerOf(tx));
      const { facts } = built;
      // Under `block` a resource leased by another live work is not a plan defect: acceptance queues the work (src/execution/locks/plan-leases.ts).
      const context = this.overlapPolicy === 'block' || options.leasesCheckedByCaller
        ? { ...built.context, facts: Object.assign(Object.create(facts) as typeof facts, { reservedByOthers: async () => [] }) }
        : built.context;
      const result = await validatePlan(submission, context);
      if (result.accepted) return { ...result, strategyId: context.strategy.strategyId, friction: [] };
      const anchorsByNode = new Map<string, readonly string[]>();
      for (const node of result.plan?.nodes ?? []) {
        if (node.kind !== 'change') continue;
        const target = canonicalRepoPath(node.targetFile);
        const file = target.ok ? facts.seenFiles.get(target.path) : undefined;
        if (file) anchorsByNode.set(node.nodeId, file.domainAnchorIds.slice(0, 1));
      }
      return { ...result, strategyId: context.strategy.strategyId, friction: frictionOf(result, context.strategy.strategyId, anchorsByNode) };
    }, run);
  }

  /**
   * The write that stores an accepted plan; run it inside the turn's commit transaction. `planId`:
   * the id of the work's stored waiting plan being accepted on a retry (it becomes the accepted plan).
   */
  acceptance(workId: string, plan: PlanGraph, planId: string = mintPlanId()): { planId: string; write: (tx: GraphTx) => Promise<void> } {
    return { planId, write: (tx) => writeAcceptedPlan(tx, { repoId: this.scope.repoId, workId, planId, plan }) };
  }

  /** Keeps a validated plan refused only for leases (waiting-plans.ts); returns the id a retry names. */
  keepWaiting(workId: string, plan: PlanGraph, run?: RunOptions): Promise<{ planId: string; created: boolean; queuedAt: string }> {
    return storeWaiting(this.scope.graph, this.scope.repoId, workId, plan, run);
  }

  /** A kept plan whose retry no longer validates stops waiting (it holds no place in line any more). */
  dropWaiting(workId: string, planId: string, run?: RunOptions): Promise<void> {
    return dropWaiting(this.scope.graph, this.scope.repoId, workId, planId, run);
  }

  /** The submission of the work's waiting plan `planId`, to validate again; refusals in waiting-plans.ts. */
  waitingSubmission(workId: string, planId: string, run?: RunOptions): Promise<unknown> {
    return loadWaiting(this.scope.graph, this.scope.repoId, workId, planId, run);
  }

  /** A work's current plan, node outcomes and progress; null when the work does not exist. */
  async readPlan(workId: string, run?: RunOptions): Promise<WorkPlanView | null> {
    const [row] = await this.scope.graph.read(readWorkPlan, { repoId: this.scope.repoId, workId }, run);
    if (!row) return null;
    const { plan, state } = progressPlan(row.nodes);
    const progress = computeProgress(plan, state);
    const decision = completionDecision(progress);
    return {
      workId, state: row.work.state, plan: row.plan, progress,
      completion: decision.allowed ? { allowed: true } : { allowed: false, reason: decision.reason },
      nodes: row.nodes.map((n: PlanNodeRow) => ({
        nodeId: n.nodeId, kind: n.kind, outcome: outcomeOf(n.outcome), complete: isNodeComplete(plan, state, n.nodeId),
        targetFile: n.targetFile, dependsOn: n.dependsOn ?? [], mapsToNodeIds: n.mapsToNodeIds ?? [],
      })),
    };
  }

  /** Records the execution outcome of a change, escalate or side_effect node; returns the new progress. */
  markNodeExecuted(workId: string, nodeId: string, outcome: Exclude<NodeOutcome, 'pending'>, evidence?: Record<string, unknown>, run?: RunOptions): Promise<PlanProgress> {
    return this.record(workId, nodeId, outcome, 'execution', evidence, run);
  }

  /** Records whether a validate node passed (all its hooks passed) or failed; returns the new progress. */
  recordValidation(workId: string, nodeId: string, passed: boolean, evidence?: Record<string, unknown>, run?: RunOptions): Promise<PlanProgress> {
    return this.record(workId, nodeId, passed ? 'succeeded' : 'failed', 'validation', evidence, run);
  }

  private async record(workId: string, nodeId: string, outcome: NodeOutcome, what: 'execution' | 'validation', evidence: Record<string, unknown> | undefined, run?: RunOptions): Promise<PlanProgress> {
    const { graph, repoId } = this.scope;
    return graph.writeTx('plan/record-node-outcome', async (tx) => {
      const [locked] = await tx.run(lockWorkPlan, { repoId, workId });
      if (!locked) throw new AppError('NOT_FOUND', { message: `No work ${workId} in this repository.`, details: { workId } });
      if (locked.planId === null || locked.state !== 'PLAN_ACCEPTED') {
        throw new AppError('ILLEGAL_TRANSITION', { message: `Work ${workId} has no accepted plan in execution (state ${locked.state}).`, details: { workId, state: locked.state } });
      }
      const node = locked.nodes.find((n) => n.nodeId === nodeId);
      if (!node) throw new AppError('NOT_FOUND', { message: `No node ${nodeId} in the accepted plan.`, details: { workId, nodeId } });
      if ((what === 'validation') !== (node.kind === 'validate')) {
        const expected = what === 'validation' ? 'recordValidation is for validate nodes' : 'validate nodes are recorded with recordValidation';
        throw new AppError('INVALID_ARGS', { message: `${nodeId} is a ${node.kind} node: ${expected}.`, details: { nodeId, kind: node.kind } });
      }
      const { plan, state } = progressPlan(locked.nodes);
      const progress = computeProgress(plan, recordOutcome(plan, state, nodeId, outcome));
      await tx.run(recordNodeOutcome, {
        repoId, workId, planId: locked.planId, record: { nodeId, outcome, evidenceJson: evidence ? JSON.stringify(evidence) : null }, completedNodes: int(progress.completedNodes),
      });
      return progress;
    }, run);
  }
}
