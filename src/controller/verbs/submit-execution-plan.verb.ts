import { z } from 'zod';
import { AppError } from '../../errors/index.js';
import { LockService } from '../../execution/locks/lock-service.js';
import { PlanLeases } from '../../execution/locks/plan-leases.js';
import type { PlanVerdict } from '../../plan/plan-service.js';
import { REJECTION_CODES } from '../../plan/violation.js';
import { TurnDenial } from '../deny.js';
import { defineVerb, type VerbOutcome } from '../verb.js';

/** Most violations listed in one response (a tool result must stay well under ~25k tokens). */
export const MAX_LISTED_VIOLATIONS = 100;

function rejection(verdict: PlanVerdict): TurnDenial {
  const codes = [...new Set(verdict.violations.map((v) => v.code))].sort((a, b) => REJECTION_CODES.indexOf(a) - REJECTION_CODES.indexOf(b));
  const primary = codes[0] ?? 'PLAN_MISSING_REQUIRED_FIELDS';
  const listed = verdict.violations.slice(0, MAX_LISTED_VIOLATIONS);
  return new TurnDenial(primary, {
    message: `The plan was rejected with ${verdict.violations.length} violation(s): ${codes.join(', ')}. Fix each listed field and submit again.`,
    details: {
      codes,
      violations: listed,
      ...(verdict.violations.length > listed.length ? { omittedViolations: verdict.violations.length - listed.length } : {}),
      memoryRuleResults: verdict.memoryRuleResults,
      strategyId: verdict.strategyId,
    },
    problems: listed.map((v) => ({ code: v.code, path: v.path, message: `${v.nodeId ? `[${v.nodeId}] ` : ''}${v.message} Fix: ${v.fixHint}` })),
    suggestedAction: { verb: 'submit_execution_plan', reason: 'apply every fix hint in deny.details.violations, then resubmit the whole plan' },
    friction: verdict.friction.map((f) => ({ code: f.code, strategyId: f.strategyId, domainAnchorIds: f.domainAnchorIds })),
  });
}

/** A plan that collides with another live work under `locks.overlapPolicy: reject`: refused like any rejection (state stays PLANNING, friction recorded). */
function collisionRejection(error: AppError, strategyId: string): TurnDenial {
  return new TurnDenial('EXEC_SIDE_EFFECT_COLLISION', {
    message: error.message,
    details: error.details,
    suggestedAction: { verb: 'submit_execution_plan', reason: 'retry after the holding work completes or its lease expires, or plan files no other live work targets' },
    friction: [{ code: 'EXEC_SIDE_EFFECT_COLLISION', strategyId, domainAnchorIds: [] }],
  });
}

export const submitExecutionPlanVerb = defineVerb({
  name: 'submit_execution_plan',
  description: 'Submits a PlanGraph; the validator accepts it (state PLAN_ACCEPTED, mutations unlocked) or lists every violation with its code, JSON path and a fix.',
  whenToUse: 'Your plan follows planGraphSchema from initialize_work: pack evidence for every change, a blocking hook per change and a validate node per change.',
  states: ['PLANNING', 'PLAN_ACCEPTED'],
  args: z.strictObject({ planGraph: z.record(z.string(), z.unknown()).describe('the PlanGraph document (see planGraphSchema in the initialize_work result)') }),
  async run({ ctx, input }): Promise<VerbOutcome> {
    const work = ctx.work?.work;
    if (!work) throw new TurnDenial('NOT_FOUND', { message: 'submit_execution_plan needs a workId.' });
    const verdict = await ctx.plans.validate(work.id, input.planGraph, { signal: ctx.signal });
    if (!verdict.accepted || verdict.plan === null) throw rejection(verdict);
    const leases = new PlanLeases(new LockService({ graph: ctx.graph, repoId: ctx.repoId, ttlMs: ctx.config.locks.leaseSeconds * 1000 }), {
      policy: ctx.config.locks.overlapPolicy, leaseSeconds: ctx.config.locks.leaseSeconds,
    });
    let locks: Awaited<ReturnType<PlanLeases['decide']>>;
    try {
      locks = await leases.decide(work.id, verdict.plan, { signal: ctx.signal });
    } catch (error) {
      if (error instanceof AppError && error.code === 'EXEC_SIDE_EFFECT_COLLISION') throw collisionRejection(error, verdict.strategyId);
      throw error;
    }
    const acceptance = ctx.plans.acceptance(work.id, verdict.plan);
    const queued = locks.decision.status === 'queued';
    return {
      nextState: 'PLAN_ACCEPTED',
      // Plan, PLAN_ACCEPTED and leases commit together; a lease race lost here rolls all of it back (a retryable collision).
      effects: async (tx) => {
        await acceptance.write(tx);
        await locks.acquire(tx);
      },
      progress: verdict.progress,
      result: {
        accepted: true,
        planId: acceptance.planId,
        planFingerprint: verdict.plan.planFingerprint,
        strategyId: verdict.strategyId,
        memoryRuleResults: verdict.memoryRuleResults,
        progress: verdict.progress,
        locks: locks.decision,
      },
      suggestedAction: queued
        ? { verb: 'apply_code_patch', reason: `queued behind ${locks.decision.queue.slice(0, -1).join(', ')}: patches and writing recipes on files they hold are refused (retryable EXEC_SIDE_EFFECT_COLLISION) until they complete; read meanwhile, then retry` }
        : { verb: 'apply_code_patch', reason: 'execute the plan nodes in dependency order; validate nodes complete them' },
    };
  },
});
