import type { GatesConfig } from '../../config/index.js';
import { AppError } from '../../errors/index.js';
import type { Graph, RunOptions } from '../../graph/index.js';
import { int } from '../../graph/index.js';
import type { PlanService } from '../../plan/plan-service.js';
import { readWorkPlan } from '../../plan/plan.queries.js';
import type { PlanProgress } from '../../plan/progress/progress.js';
import type { VerificationHook } from '../../plan/schema/fields.schema.js';
import { runGateStep, type GateStepResult } from './gate-runner.js';
import { listGateRuns, recordGateRun } from './gate.queries.js';

export interface GateServiceOptions {
  graph: Graph;
  repoId: string;
  gates: GatesConfig;
  plans: PlanService;
  parentEnv?: NodeJS.ProcessEnv;
}

export interface RunStepRequest {
  workId: string;
  /** The work's worktree (absolute). */
  worktreeRoot: string;
  stepName: string;
  nodeId?: string;
  hookId?: string;
  cwd?: string;
  extraArgs?: readonly string[];
  /** The turn that runs the step (its trace ref): stored on the GateRun, so the observer's event stream can say which turn ran it. */
  traceRef?: string;
}

/** The outcome of one hook of a validate node. */
export interface HookOutcome {
  hookId: string;
  type: VerificationHook['type'];
  ref: string;
  passed: boolean;
  gateRunId: string | null;
  reason?: string;
}

export interface ValidateNodeResult {
  nodeId: string;
  passed: boolean;
  hooks: HookOutcome[];
  progress: PlanProgress;
}

/** The gate step a `run_targeted_validation` recipe hook maps to, and its optional target path. */
export function targetedValidationStep(params: VerificationHook['params']): { step: string; target?: string } | null {
  const step = params?.step;
  const target = params?.target;
  if (typeof step !== 'string' || step.length === 0) return null;
  return typeof target === 'string' ? { step, target } : { step };
}

/** Runs gate steps for a work, stores each run as a `GateRun`, and decides validate nodes through the plan service. */
export class GateService {
  constructor(private readonly options: GateServiceOptions) {}

  /** Runs one configured step and records its GateRun (linked to the plan node when given). */
  async runStep(req: RunStepRequest, run?: RunOptions): Promise<GateStepResult> {
    const { graph, repoId, gates, parentEnv } = this.options;
    const result = await runGateStep({ gates, stepName: req.stepName, worktreeRoot: req.worktreeRoot, cwd: req.cwd, extraArgs: req.extraArgs, parentEnv, signal: run?.signal });
    const { cmd, junit, lcov, ...rest } = result;
    await graph.write(recordGateRun, {
      repoId, workId: req.workId,
      run: { ...rest, nodeId: req.nodeId ?? null, hookId: req.hookId ?? null, traceRef: req.traceRef ?? null, cmdJson: JSON.stringify(cmd), junitJson: junit ? JSON.stringify(junit) : null, lcovJson: lcov ? JSON.stringify(lcov) : null },
    }, run);
    return result;
  }

  /** Recent GateRuns of a work (or of one node), newest first. */
  async listRuns(workId: string, nodeId: string | null = null, limit = 50, run?: RunOptions) {
    const rows = await this.options.graph.read(listGateRuns, { repoId: this.options.repoId, workId, nodeId, limit: int(limit) }, run);
    return rows.map((r) => r.run);
  }

  /**
   * Runs every hook of an accepted validate node (gate steps, and `run_targeted_validation` recipes
   * mapped to their step) and records the node as passed only when all hooks passed; progress follows.
   */
  async runValidateNode(workId: string, nodeId: string, worktreeRoot: string, run?: RunOptions, traceRef?: string): Promise<ValidateNodeResult> {
    const hooks = await this.validateHooks(workId, nodeId, run);
    const outcomes: HookOutcome[] = [];
    for (const hook of hooks) outcomes.push(await this.runHook(workId, nodeId, worktreeRoot, hook, run, traceRef));
    const passed = outcomes.length > 0 && outcomes.every((o) => o.passed);
    const progress = await this.options.plans.recordValidation(workId, nodeId, passed, { gateRunIds: outcomes.map((o) => o.gateRunId).filter(Boolean), hooks: outcomes }, run);
    return { nodeId, passed, hooks: outcomes, progress };
  }

  private async runHook(workId: string, nodeId: string, worktreeRoot: string, hook: VerificationHook, run?: RunOptions, traceRef?: string): Promise<HookOutcome> {
    const base = { hookId: hook.hookId, type: hook.type, ref: hook.ref };
    let stepName = hook.ref;
    let extraArgs: string[] = [];
    if (hook.type === 'recipe') {
      const mapped = hook.ref === 'run_targeted_validation' ? targetedValidationStep(hook.params) : null;
      if (!mapped) return { ...base, passed: false, gateRunId: null, reason: `recipe ${hook.ref} cannot verify on its own (run_targeted_validation with params.step can)` };
      stepName = mapped.step;
      extraArgs = mapped.target ? [mapped.target] : [];
    }
    try {
      const result = await this.runStep({ workId, worktreeRoot, stepName, nodeId, hookId: hook.hookId, extraArgs, ...(traceRef ? { traceRef } : {}) }, run);
      return { ...base, passed: result.passed, gateRunId: result.id, ...(result.passed ? {} : { reason: result.timedOut ? 'timed out' : `exit ${result.exitCode ?? result.spawnError ?? result.signal}` }) };
    } catch (error) {
      if (error instanceof AppError && !error.code.startsWith('GRAPH_') && error.code !== 'TIMEOUT') return { ...base, passed: false, gateRunId: null, reason: `${error.code}: ${error.message}` };
      throw error;
    }
  }

  private async validateHooks(workId: string, nodeId: string, run?: RunOptions): Promise<VerificationHook[]> {
    const [row] = await this.options.graph.read(readWorkPlan, { repoId: this.options.repoId, workId }, run);
    const node = row?.nodes.find((n) => n.nodeId === nodeId);
    if (!row?.plan || !node) throw new AppError('NOT_FOUND', { message: `No node ${nodeId} in the accepted plan of ${workId}.`, details: { workId, nodeId } });
    if (node.kind !== 'validate') throw new AppError('INVALID_ARGS', { message: `${nodeId} is a ${node.kind} node, not a validate node.`, details: { nodeId, kind: node.kind } });
    const parsed = node.nodeJson ? (JSON.parse(node.nodeJson) as { verificationHooks?: VerificationHook[] }) : {};
    return parsed.verificationHooks ?? [];
  }
}
