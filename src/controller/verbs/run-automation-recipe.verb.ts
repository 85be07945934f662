import { z } from 'zod';
import { AppError } from '../../errors/index.js';
import { writeNodeArtifacts } from '../../execution/artifacts/artifact-writer.js';
import { claimTtlMs } from '../../execution/idempotency/operation-owner.js';
import { OperationStore, type OperationClaim } from '../../execution/idempotency/operation-store.js';
import type { RecipeWriteIntent } from '../../execution/recipes/replace-lexeme.recipe.js';
import { RecipeService } from '../../execution/recipes/recipe-service.js';
import { WorkspaceManager } from '../../execution/worktree/workspace-manager.js';
import { processWarmProjects } from '../../execution/worktree/reingest-file.js';
import { canonicalRepoPath } from '../../paths/index.js';
import type { PlanProgress } from '../../plan/progress/progress.js';
import { TurnDenial } from '../deny.js';
import { defineVerb } from '../verb.js';
import { requirePack } from './pack-scope.js';

const ref = (what: string) => z.string().min(1).max(1024).refine((v) => canonicalRepoPath(v).ok, 'a repo-relative path').describe(what);

/** run_automation_recipe: a built-in recipe with zod-validated params for an accepted plan node; every run leaves a recipe_usage event. */
export const runAutomationRecipeVerb = defineVerb({
  name: 'run_automation_recipe',
  description: 'Runs a named built-in recipe (replace_lexeme_in_file, run_targeted_validation) with validated parameters for an accepted plan node, in the work\'s worktree.',
  whenToUse: 'A plan node maps to a known recipe: a whole-lexeme rename in the node\'s target file, or running the configured gate step(s) that validate a node.',
  states: ['PLAN_ACCEPTED'],
  args: z.strictObject({
    recipeId: z.string().min(1).max(128).describe('the recipe to run: replace_lexeme_in_file or run_targeted_validation (as enabled in recipes.enabled)'),
    planNodeId: z.string().min(1).max(128).describe('the accepted plan node this recipe executes (a change node to edit, a validate node to validate)'),
    artifactBundleRef: ref('where the node’s artifacts go (repo-relative)'),
    diffSummaryRef: ref('where the diff summary goes (repo-relative)'),
    operationId: z.string().min(8).max(128).regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : - only').optional()
      .describe('idempotency key: a retried call with the same id and arguments returns the recorded result and runs nothing again'),
    params: z.record(z.string(), z.unknown()).optional().describe('recipe parameters, validated by the recipe’s schema (replace_lexeme_in_file: file, from, to, expectedCount?; run_targeted_validation: step, target?)'),
  }),
  async run({ ctx, input }) {
    const work = ctx.work;
    if (!work) throw new TurnDenial('NOT_FOUND', { message: 'run_automation_recipe needs a workId.' });
    const view = await ctx.plans.readPlan(work.work.id, { signal: ctx.signal });
    if (!view?.plan) throw new TurnDenial('ILLEGAL_TRANSITION', { message: 'This work has no accepted plan to execute.', suggestedAction: { verb: 'submit_execution_plan', reason: 'a recipe runs for a node of an accepted plan' } });
    const { files } = await requirePack(ctx);
    const workspace = await new WorkspaceManager({ graph: ctx.graph, repoId: ctx.repoId, repoRoot: ctx.repoRoot }).ensure(work.work.id, { signal: ctx.signal });
    const recipes = new RecipeService({ graph: ctx.graph, repoId: ctx.repoId, config: ctx.config, plans: ctx.plans, reingest: { log: ctx.log, projectCaches: processWarmProjects } });
    const operations = new OperationStore({ graph: ctx.graph, repoId: ctx.repoId, claimTtlMs: claimTtlMs(ctx.config.mcp.turnTimeoutMs) });
    const workId = work.work.id;
    let claim: Exclude<OperationClaim, { kind: 'replay' }> | null = null;
    if (input.operationId) {
      const got = await operations.claim({ workId, operationId: input.operationId, verb: 'run_automation_recipe', args: input, traceRef: ctx.traceRef }, { signal: ctx.signal });
      if (got.kind === 'replay') return { result: { ...got.result, replayed: true } };
      claim = got;
    }
    const held = claim;
    let intentRecorded = false;
    const prior = held?.kind === 'takeover' && held.intent?.kind === 'recipe' ? held.intent as unknown as RecipeWriteIntent : null;
    let run;
    try {
      run = await recipes.run({
        workId, nodeId: input.planNodeId, agentId: ctx.agentId, runSessionId: ctx.runSessionId,
        recipeId: input.recipeId, params: input.params ?? {}, worktreeRoot: workspace.root, packFiles: files, traceRef: ctx.traceRef,
        ...(held ? { intent: { prior, beforeWrite: async (intent) => { await operations.recordIntent(held, intent as unknown as Record<string, unknown>, { signal: ctx.signal }); intentRecorded = true; } } } : {}),
      }, { signal: ctx.signal });
    } catch (error) {
      if (held) {
        // Divergent file: closed for good. After an intent (or a takeover) the claim is kept, expired, so a retry reconciles.
        if (error instanceof AppError && error.details.reason === 'file_changed_since_intent') await operations.fail(held, error).catch(() => undefined);
        else if (intentRecorded || held.kind === 'takeover') await operations.release(held).catch(() => undefined);
        else await operations.abandon(held).catch(() => undefined);
      }
      throw error;
    }
    const { progress, ...rest } = run.result as Record<string, unknown> & { progress?: PlanProgress };
    const result = { usageId: run.usageId, recipeId: run.recipeId, planNodeId: input.planNodeId, artifactBundleRef: input.artifactBundleRef, diffSummaryRef: input.diffSummaryRef, operationId: input.operationId ?? null, ...rest };
    const artifacts = await writeNodeArtifacts(ctx.repoRoot, workId, input.planNodeId, {
      result,
      opLog: [`${ctx.now().toISOString()} run_automation_recipe ${run.recipeId} on ${input.planNodeId}: ${rest.passed === false ? 'failed' : 'succeeded'}`],
      traceRefs: { workId, planNodeId: input.planNodeId, usageId: run.usageId, agentId: ctx.agentId, runSessionId: ctx.runSessionId, traceRef: ctx.traceRef, operationId: input.operationId ?? null },
      diffSummary: run.recipeId === 'replace_lexeme_in_file' ? { file: rest.file, replacements: rest.replacements, sha256Before: rest.sha256Before, sha256After: rest.sha256After } : {},
      validation: run.recipeId === 'run_targeted_validation' ? { passed: rest.passed, hooks: rest.hooks ?? null, gateRunId: rest.gateRunId ?? null, junit: rest.junit ?? null } : {},
    });
    const withArtifacts = { ...result, artifacts };
    if (held) await operations.complete(held, withArtifacts, { signal: ctx.signal });
    return { result: withArtifacts, ...(progress ? { progress } : {}) };
  },
});
