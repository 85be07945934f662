import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GraphQLError, parse, type DocumentNode } from 'graphql';
import { z } from 'zod';
import { AppError, toAppError } from '../errors/index.js';
import type { Graph } from '../graph/index.js';
import { planServiceForWork } from '../plan/plan-service-for-work.js';
import type { Logger } from '../runtime/logger.js';
import { typeDefsDir } from './schema.js';

/** Largest plan text accepted (the HTTP guard bounds the body too). */
const MAX_PLAN_CHARS = 1_000_000;

const workIdArg = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'a workId from initialize_work');
const validateArgs = z.strictObject({ workId: workIdArg, plan: z.string().min(2).max(MAX_PLAN_CHARS) });
const workPlanArgs = z.strictObject({ workId: workIdArg });

/** The typeDefs of the plan operations (plain types and Query fields, no @node). */
export function planTypeDefs(): DocumentNode {
  return parse(readFileSync(join(typeDefsDir(), 'operations', 'plan.graphql'), 'utf8'));
}

function toGraphQLError(error: unknown, log: Logger): GraphQLError {
  const app = toAppError(error);
  if (app.code === 'INTERNAL') log.error('graphql plan operation failed', { error: String((error as Error)?.stack ?? error) });
  return new GraphQLError(app.message, { extensions: { code: app.code, retryable: app.retryable } });
}

function parseArgs<T>(schema: z.ZodType<T>, args: unknown): T {
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw new AppError('INVALID_ARGS', { message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
  return parsed.data;
}

/**
 * Resolvers of `validatePlan` (dry run) and `workPlan`: they validate their inputs and call the plan
 * service — the same one submit_execution_plan uses — and contain no Cypher.
 */
export function planResolvers(graph: Graph, log: Logger) {
  return {
    Query: {
      validatePlan: async (_source: unknown, args: unknown) => {
        try {
          const { workId, plan } = parseArgs(validateArgs, args);
          let submission: unknown;
          try {
            submission = JSON.parse(plan);
          } catch {
            throw new AppError('INVALID_ARGS', { message: 'plan: not valid JSON text' });
          }
          const verdict = await (await planServiceForWork(graph, workId)).validate(workId, submission);
          return { accepted: verdict.accepted, strategyId: verdict.strategyId, violations: verdict.violations, memoryRuleResults: verdict.memoryRuleResults, progress: verdict.progress };
        } catch (error) {
          throw toGraphQLError(error, log);
        }
      },
      workPlan: async (_source: unknown, args: unknown) => {
        try {
          const { workId } = parseArgs(workPlanArgs, args);
          const view = await (await planServiceForWork(graph, workId).catch((error: unknown) => {
            if (error instanceof AppError && error.code === 'NOT_FOUND' && error.message.startsWith('No work')) return null;
            throw error;
          }))?.readPlan(workId);
          if (!view) return null;
          return { ...view, completionAllowed: view.completion.allowed, completionReason: view.completion.reason ?? null };
        } catch (error) {
          throw toGraphQLError(error, log);
        }
      },
    },
  };
}
