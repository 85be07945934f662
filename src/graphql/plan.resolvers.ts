import { z } from 'zod';
import { AppError } from '../errors/index.js';
import type { Graph } from '../graph/index.js';
import { planServiceForWork } from '../plan/plan-service-for-work.js';
import type { PlanService } from '../plan/plan-service.js';
import { parseArgs } from './resolver-args.js';

/** Largest plan text accepted (the HTTP guard bounds the body too). */
const MAX_PLAN_CHARS = 1_000_000;

const workIdArg = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'a workId from initialize_work');
const validateArgs = z.strictObject({ workId: workIdArg, plan: z.string().min(2).max(MAX_PLAN_CHARS) });
const workPlanArgs = z.strictObject({ workId: workIdArg });

/** The plan service of a work, or null when no such work exists. */
async function serviceOrNull(graph: Graph, workId: string): Promise<PlanService | null> {
  return planServiceForWork(graph, workId).catch((error: unknown) => {
    if (error instanceof AppError && error.details.reason === 'no_work') return null;
    throw error;
  });
}

/**
 * Resolvers of `validatePlan` (a dry run: nothing stored, no state change) and `workPlan`
 * (typeDefs: graph-schema/typedefs/plan.graphql). They validate their inputs and call the plan
 * service submit_execution_plan uses; AppErrors reach the client with their code.
 */
export function planResolvers(graph: Graph): { Query: Record<string, (source: unknown, args: Record<string, unknown>) => Promise<unknown>> } {
  return {
    Query: {
      async validatePlan(_source, args) {
        const { workId, plan } = parseArgs(validateArgs, args);
        let submission: unknown;
        try {
          submission = JSON.parse(plan);
        } catch {
          throw new AppError('INVALID_ARGS', { message: 'plan: not valid JSON text' });
        }
        const service = await serviceOrNull(graph, workId);
        if (!service) throw new AppError('NOT_FOUND', { message: `No work ${workId}.`, details: { workId } });
        const verdict = await service.validate(workId, submission);
        return { accepted: verdict.accepted, strategyId: verdict.strategyId, violations: verdict.violations, memoryRuleResults: verdict.memoryRuleResults, progress: verdict.progress };
      },
      async workPlan(_source, args) {
        const { workId } = parseArgs(workPlanArgs, args);
        const view = await (await serviceOrNull(graph, workId))?.readPlan(workId);
        if (!view) return null;
        return { ...view, completionAllowed: view.completion.allowed, completionReason: view.completion.reason ?? null };
      },
    },
  };
}
