import { createHash, randomUUID } from 'node:crypto';
import type { Config } from '../../config/index.js';
import { AppError, toAppError } from '../../errors/index.js';
import type { Graph, RunOptions } from '../../graph/index.js';
import { canonicalRepoPath } from '../../paths/index.js';
import type { PlanService } from '../../plan/plan-service.js';
import { GateService } from '../gates/gate-service.js';
import { fileResource, LockService } from '../locks/lock-service.js';
import { reingestWorkspaceFile, type ReingestOptions } from '../worktree/reingest-file.js';
import { parseRecipe } from './recipe-catalog.js';
import { listRecipeUsages, recordRecipeUsage } from './recipe.queries.js';
import { runReplaceLexeme, type ReplaceLexemeParams, type WriteIntentHooks } from './replace-lexeme.recipe.js';

export interface RecipeRunRequest {
  workId: string;
  nodeId: string;
  agentId: string;
  runSessionId: string | null;
  recipeId: string;
  params: unknown;
  /** The turn running the recipe (its trace ref), kept on the recipe_usage event and the GateRuns it records. */
  traceRef?: string;
  /** The work's worktree (absolute, real). */
  worktreeRoot: string;
  /** The work's pack files (repo-relative); edits stay inside them. */
  packFiles: readonly string[];
  /** Crash recovery of an operation: the intent a crashed owner recorded, and where to record this run's before writing. */
  intent?: WriteIntentHooks;
}

export interface RecipeRunResult {
  usageId: string;
  recipeId: string;
  result: Record<string, unknown>;
}

/** Canonical JSON (sorted keys) so equal params always hash the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  return JSON.stringify(value ?? null);
}

/**
 * Runs a built-in automation recipe for an accepted plan node and records the episodic
 * `recipe_usage` event (work, node, agent, params hash, outcome, timings) whatever the outcome.
 */
export class RecipeService {
  private readonly gates: GateService;
  private readonly locks: LockService;

  constructor(private readonly options: {
    graph: Graph; repoId: string; config: Pick<Config, 'gates' | 'recipes' | 'limits'> & Partial<Pick<Config, 'locks'>>; plans: PlanService;
    /** When given, an edit is re-ingested incrementally into the work's overlay (like apply_code_patch), so the work's reads follow its worktree. */
    reingest?: Omit<ReingestOptions, 'graph' | 'repoId'>;
  }) {
    this.gates = new GateService({ graph: options.graph, repoId: options.repoId, gates: options.config.gates, plans: options.plans });
    const leaseSeconds = options.config.locks?.leaseSeconds;
    this.locks = new LockService({ graph: options.graph, repoId: options.repoId, ...(leaseSeconds ? { ttlMs: leaseSeconds * 1000 } : {}) });
  }

  async run(req: RecipeRunRequest, run?: RunOptions): Promise<RecipeRunResult> {
    const startedAt = new Date();
    const began = performance.now();
    const usageId = `recipe_usage:${randomUUID()}`;
    let result: Record<string, unknown> | null = null;
    let failure: AppError | null = null;
    try {
      result = await this.execute(req, run);
    } catch (error) {
      failure = toAppError(error);
    }
    const passed = failure === null && result?.passed !== false;
    await this.options.graph.write(recordRecipeUsage, {
      repoId: this.options.repoId, workId: req.workId,
      event: {
        id: usageId, nodeId: req.nodeId, agentId: req.agentId, runSessionId: req.runSessionId, recipeId: req.recipeId, traceRef: req.traceRef ?? null,
        paramsHash: `sha256:${createHash('sha256').update(canonicalJson(req.params ?? {})).digest('hex')}`,
        outcome: failure ? 'denied' : passed ? 'succeeded' : 'failed', errorCode: failure?.code ?? null,
        startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString(), durationMs: Math.round(performance.now() - began),
        resultJson: result ? JSON.stringify(result).slice(0, 16_384) : null,
      },
    }, run);
    if (failure) throw failure;
    return { usageId, recipeId: req.recipeId, result: result! };
  }

  /** The work's recipe_usage events, oldest first. */
  async usages(workId: string, run?: RunOptions) {
    return (await this.options.graph.read(listRecipeUsages, { repoId: this.options.repoId, workId }, run)).map((r) => r.event);
  }

  private async execute(req: RecipeRunRequest, run?: RunOptions): Promise<Record<string, unknown>> {
    const { recipeId, params } = parseRecipe(req.recipeId, req.params, this.options.config.recipes.enabled);
    const view = await this.options.plans.readPlan(req.workId, run);
    const node = view?.nodes.find((n) => n.nodeId === req.nodeId);
    if (!view?.plan || !node) throw new AppError('NOT_FOUND', { message: `No node ${req.nodeId} in the accepted plan.`, details: { nodeId: req.nodeId } });
    if (recipeId === 'replace_lexeme_in_file') {
      const p = params as ReplaceLexemeParams;
      const file = canonicalRepoPath(p.file);
      if (node.kind !== 'change') throw new AppError('PLAN_SCOPE_VIOLATION', { message: `${req.nodeId} is a ${node.kind} node; replace_lexeme_in_file edits change nodes only.`, details: { nodeId: req.nodeId } });
      if (!file.ok || file.path !== node.targetFile || !req.packFiles.includes(file.path)) {
        throw new AppError('PLAN_SCOPE_VIOLATION', { message: `${String(p.file)} is not the target file of ${req.nodeId} (${node.targetFile ?? 'none'}) in the pack.`, details: { nodeId: req.nodeId, targetFile: node.targetFile } });
      }
      // The mutation's lease check: take/renew this node's file lease (collision if another live work holds it) and renew the work's others.
      await this.locks.holdForMutation(req.workId, req.nodeId, [fileResource(file.path)], run);
      const edit = await runReplaceLexeme(req.worktreeRoot, { ...p, file: file.path }, this.options.config.limits.readMaxFileBytes, req.intent);
      if (this.options.reingest) {
        const summary = await reingestWorkspaceFile({ graph: this.options.graph, repoId: this.options.repoId, ...this.options.reingest }, req.workId, req.worktreeRoot, file.path);
        Object.assign(edit, { reingest: { filesParsed: summary.files.parsed, snapshotId: summary.snapshotId, parseEvents: summary.events } });
      }
      // After a takeover the crashed owner may have marked the node already (marking twice would only rewrite the evidence).
      const progress = req.intent?.prior && node.outcome === 'succeeded' ? view.progress
        : await this.options.plans.markNodeExecuted(req.workId, req.nodeId, 'succeeded', { recipe: recipeId, ...edit }, run);
      return { ...edit, progress };
    }
    const { step, target } = params as { step: string; target?: string };
    if (node.kind === 'validate') {
      const outcome = await this.gates.runValidateNode(req.workId, req.nodeId, req.worktreeRoot, run, req.traceRef);
      return { passed: outcome.passed, hooks: outcome.hooks, progress: outcome.progress };
    }
    const gate = await this.gates.runStep({ workId: req.workId, worktreeRoot: req.worktreeRoot, stepName: step, nodeId: req.nodeId, extraArgs: target ? [target] : [], ...(req.traceRef ? { traceRef: req.traceRef } : {}) }, run);
    return { passed: gate.passed, gateRunId: gate.id, exitCode: gate.exitCode, timedOut: gate.timedOut, durationMs: gate.durationMs, junit: gate.junit, output: gate.output.slice(-2_000) };
  }
}
