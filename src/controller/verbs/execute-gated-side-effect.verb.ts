import { z } from 'zod';
import { AppError } from '../../errors/index.js';
import { claimTtlMs } from '../../execution/idempotency/operation-owner.js';
import { SideEffectService } from '../../execution/side-effects/side-effect-service.js';
import { SIDE_EFFECT_TYPES } from '../../execution/side-effects/side-effect-target.js';
import { processWarmProjects } from '../../execution/worktree/reingest-file.js';
import { WorkspaceManager } from '../../execution/worktree/workspace-manager.js';
import { TurnDenial } from '../deny.js';
import { defineVerb } from '../verb.js';

/** Collision reasons only a person can clear (their own tree, a conflict to resolve by hand). */
const HUMAN_COLLISIONS = new Set(['main_tree_dirty', 'merge_conflict', 'merge_failed', 'detached_head', 'target_is_work_branch']);

/** The envelope of a refused side effect: approval problems and merge collisions go to a person. */
function toDenial(error: unknown, workId: string, input: { planNodeId: string; sideEffectType: string }): unknown {
  if (!(error instanceof AppError)) return error;
  const reason = typeof error.details.reason === 'string' ? error.details.reason : '';
  if (error.code === 'UNAUTHORIZED') {
    return new TurnDenial('UNAUTHORIZED', {
      message: error.message, details: error.details, requiresHuman: true,
      suggestedAction: {
        verb: 'execute_gated_side_effect',
        reason: `a person must run \`graphgate approve ${workId}\` and give you the token it prints; retry the merge with it as approvalToken`,
        args: { planNodeId: input.planNodeId, sideEffectType: 'merge', approvalToken: '<token printed by graphgate approve>' },
      },
    });
  }
  if (error.code === 'EXEC_SIDE_EFFECT_COLLISION' && HUMAN_COLLISIONS.has(reason)) {
    return new TurnDenial(error.code, { message: error.message, details: error.details, requiresHuman: true });
  }
  if (error.code === 'EXEC_UNGATED_SIDE_EFFECT' && reason === 'gate_not_passed') {
    const pending = (error.details.pendingValidations as Array<{ nodeId: string }> | undefined)?.[0]?.nodeId;
    return new TurnDenial(error.code, {
      message: error.message, details: error.details,
      ...(pending ? { suggestedAction: { verb: 'run_automation_recipe', reason: `validate ${pending} first`, args: { recipeId: 'run_targeted_validation', planNodeId: pending } } } : {}),
    });
  }
  return error;
}

/** execute_gated_side_effect: an accepted side_effect node behind its passed commit gate (src/execution/side-effects). */
export const executeGatedSideEffectVerb = defineVerb({
  name: 'execute_gated_side_effect',
  description: 'Performs the side effect of an accepted side_effect node once its commit gate passed: git_commit (the work\'s branch), review_bundle (diff, gates, proof chains), or merge into the user\'s branch with a person\'s approval token.',
  whenToUse: 'Executing a side_effect node of the accepted plan after every validate node it depends on passed; after completion, only the merge a person approved (planNodeId: the executed git_commit node).',
  // COMPLETED too, for the approved merge only (issue 7: commit → complete → `graphgate approve` → merge).
  states: ['PLAN_ACCEPTED', 'COMPLETED'],
  args: z.strictObject({
    planNodeId: z.string().min(1).max(128).describe('the accepted side_effect node this action executes (after completion, a merge names the executed git_commit node)'),
    sideEffectType: z.enum(SIDE_EFFECT_TYPES).describe('git_commit, review_bundle or merge; must be the node\'s sideEffectType'),
    approvalToken: z.string().min(1).max(256).optional()
      .describe('merge only: the token a person printed with `graphgate approve <workId>` (single use, expiring); agents cannot mint one'),
    operationId: z.string().min(8).max(128).regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : - only').optional()
      .describe('idempotency key: a retried call with the same id and arguments returns the recorded result and performs nothing again'),
  }),
  async run({ ctx, input }) {
    const work = ctx.work;
    if (!work) throw new TurnDenial('NOT_FOUND', { message: 'execute_gated_side_effect needs a workId.' });
    const service = new SideEffectService({
      graph: ctx.graph, repoId: ctx.repoId, repoRoot: ctx.repoRoot, config: ctx.config, plans: ctx.plans, now: ctx.now, claimTtlMs: claimTtlMs(ctx.config.mcp.turnTimeoutMs),
      workspaces: new WorkspaceManager({ graph: ctx.graph, repoId: ctx.repoId, repoRoot: ctx.repoRoot }), log: ctx.log, projectCaches: processWarmProjects,
    });
    const pack = work.pack ? { ref: work.pack.ref, hash: work.pack.hash } : null;
    try {
      const { result, progress } = await service.execute({ workId: work.work.id, agentId: ctx.agentId, runSessionId: ctx.runSessionId, traceRef: ctx.traceRef, pack }, input, { signal: ctx.signal });
      return { result, ...(progress ? { progress } : {}) };
    } catch (error) {
      throw toDenial(error, work.work.id, input);
    }
  },
});
