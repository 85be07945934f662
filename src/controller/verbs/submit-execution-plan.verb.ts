import { z } from 'zod';
import { AppError } from '../../errors/index.js';
import type { LeaseHolder } from '../../execution/locks/lock-service.js';
import { LockService } from '../../execution/locks/lock-service.js';
import { PlanLeases } from '../../execution/locks/plan-leases.js';
import type { WaitEstimate } from '../../execution/locks/wait-estimate.js';
import type { PlanVerdict } from '../../plan/plan-service.js';
import { planGraph, type PlanGraph } from '../../plan/schema/plan-graph.schema.js';
import { REJECTION_CODES } from '../../plan/violation.js';
import { TurnDenial } from '../deny.js';
import { defineVerb, type VerbOutcome } from '../verb.js';

/** Most violations listed in one response (a tool result must stay well under ~25k tokens). */
export const MAX_LISTED_VIOLATIONS = 100;
/** Most files listed per holding work in a lease refusal (every character is read by a model). */
const MAX_LISTED_FILES = 20;

/** Friction keeps at most this many refused nodes per code; a node whose JSON is longer than this is left out (never cut: it must parse). */
const FRICTION_NODES = 3;
const FRICTION_NODE_CHARS = 8000;

/** The refused nodes of a plan (parsed, else as submitted): the "before" of a few-shot a later fix scaffolds. */
function refusedNodes(submission: unknown, nodeIds: readonly string[]): string[] {
  const nodes = submission && typeof submission === 'object' && Array.isArray((submission as { nodes?: unknown }).nodes) ? (submission as { nodes: unknown[] }).nodes : [];
  return nodeIds.slice(0, FRICTION_NODES).flatMap((id) => {
    const node = nodes.find((n) => n && typeof n === 'object' && (n as { nodeId?: unknown }).nodeId === id);
    const json = node ? JSON.stringify(node) : '';
    return json && json.length <= FRICTION_NODE_CHARS ? [json] : [];
  });
}

function rejection(verdict: PlanVerdict, retriedPlanId: string | undefined, submission: unknown): TurnDenial {
  const codes = [...new Set(verdict.violations.map((v) => v.code))].sort((a, b) => REJECTION_CODES.indexOf(a) - REJECTION_CODES.indexOf(b));
  const primary = codes[0] ?? 'PLAN_MISSING_REQUIRED_FIELDS';
  const listed = verdict.violations.slice(0, MAX_LISTED_VIOLATIONS);
  const stale = retriedPlanId ? ` Stored plan ${retriedPlanId} no longer passes against the current graph.` : '';
  return new TurnDenial(primary, {
    message: `The plan was rejected with ${verdict.violations.length} violation(s): ${codes.join(', ')}.${stale} Fix each listed field and submit again.`,
    // Each listed violation is one entry of deny.problems (code, path, "[nodeId] message Fix: hint"); not repeated here.
    details: {
      codes,
      ...(verdict.violations.length > listed.length ? { omittedViolations: verdict.violations.length - listed.length } : {}),
      memoryRuleResults: verdict.memoryRuleResults,
      strategyId: verdict.strategyId,
      ...(retriedPlanId ? { retriedPlanId } : {}),
    },
    problems: listed.map((v) => ({ code: v.code, path: v.path, message: `${v.nodeId ? `[${v.nodeId}] ` : ''}${v.message} Fix: ${v.fixHint}` })),
    suggestedAction: { verb: 'submit_execution_plan', reason: 'apply every fix hint in deny.problems, then resubmit the whole plan' },
    friction: verdict.friction.map((f) => {
      const first = verdict.violations.find((v) => v.code === f.code);
      return {
        code: f.code, strategyId: f.strategyId, domainAnchorIds: f.domainAnchorIds, nodeIds: f.nodeIds.slice(0, FRICTION_NODES),
        // The parsed plan when the schema passed: its nodes have the same shape as the accepted fix's (defaults filled), so the few-shot shows only real changes.
        nodesJson: refusedNodes(verdict.plan ?? submission, f.nodeIds), ...(first ? { message: `${first.message} Fix: ${first.fixHint}`.slice(0, 1000) } : {}),
      };
    }),
  });
}

/** Holders grouped by work, files listed (others counted): small, and it names what is held and until when. */
function heldBy(holders: readonly LeaseHolder[]): Array<{ workId: string; until: string; files: string[]; otherResources?: number }> {
  const byWork = new Map<string, { until: string; files: string[]; other: number }>();
  for (const h of holders) {
    const entry = byWork.get(h.workId) ?? { until: h.expiresAt, files: [], other: 0 };
    if (h.expiresAt > entry.until) entry.until = h.expiresAt;
    if (h.resource.startsWith('file:')) entry.files.push(h.resource.slice('file:'.length));
    else entry.other += 1;
    byWork.set(h.workId, entry);
  }
  return [...byWork.entries()].map(([workId, e]) => ({
    workId, until: e.until, files: e.files.slice(0, MAX_LISTED_FILES), ...(e.other > 0 || e.files.length > MAX_LISTED_FILES ? { otherResources: e.other + Math.max(0, e.files.length - MAX_LISTED_FILES) } : {}),
  }));
}

/**
 * A plan refused only for other works' leases under `locks.overlapPolicy: reject` (or because
 * another work's kept plan waited longer for its files): the plan is kept server-side (`planId`)
 * and the answer is small — who holds what, an honest wait estimate and
 * the one cheap call to make next (`retryPlanId`, no plan body). State unchanged; friction is
 * recorded on the first refusal of a plan, not on each retry.
 */
function leaseRefusal(error: AppError, planId: string, strategyId: string, firstRefusal: boolean): TurnDenial {
  type Waiting = Array<{ workId: string; files: string[] }>;
  const d = error.details as { policy?: string; holders?: LeaseHolder[]; overlaps?: Waiting; waitingAhead?: Waiting; queue?: string[]; position?: number; wait?: WaitEstimate; retryAfterMs?: number };
  const holders = heldBy(d.holders ?? []);
  const overlaps = d.overlaps ?? [];
  const waiting = d.waitingAhead ?? [];
  const [blockers, why] = holders.length > 0 ? [holders.map((h) => h.workId), 'holds files of this plan']
    : overlaps.length > 0 ? [overlaps.map((o) => o.workId), 'has an accepted plan on files of this plan']
      : [waiting.map((w) => w.workId), 'has waited longer for files of this plan'];
  const wait = d.wait;
  const retryAfterMs = d.retryAfterMs ?? 30_000;
  const estimate = wait ? `${wait.upTo ? 'up to ' : '~'}${Math.ceil(wait.estimatedMs / 1000)} s` : 'unknown';
  const compact = (list: Waiting) => list.map((o) => ({ workId: o.workId, files: o.files.slice(0, MAX_LISTED_FILES) }));
  return new TurnDenial('EXEC_SIDE_EFFECT_COLLISION', {
    message: `Work ${blockers.slice(0, 3).join(', ')} ${why} (wait ${estimate}). Plan kept as ${planId}: retry with {"retryPlanId":"${planId}"} only, after ${Math.ceil(retryAfterMs / 1000)} s.`,
    details: {
      planId, policy: d.policy ?? 'reject', retryAfterMs, position: d.position, queue: d.queue,
      ...(wait ? { wait: { estimatedMs: wait.estimatedMs, upTo: wait.upTo, basis: wait.basis, how: wait.how } } : {}),
      heldBy: holders,
      ...(holders.length === 0 && overlaps.length > 0 ? { overlaps: compact(overlaps) } : {}),
      ...(waiting.length > 0 ? { waitingAhead: compact(waiting) } : {}),
    },
    suggestedAction: {
      verb: 'submit_execution_plan', args: { retryPlanId: planId }, retryAfterMs,
      reason: 'wait retryAfterMs, then send only retryPlanId (the server re-checks the kept plan; it costs this small call, not the plan)',
    },
    friction: firstRefusal ? [{ code: 'EXEC_SIDE_EFFECT_COLLISION', strategyId, domainAnchorIds: [] }] : [],
  });
}

/** A refused `retryPlanId` (unknown, another work's, superseded or dropped: resend the plan; already accepted: execute it). */
function retryRefusal(error: AppError): TurnDenial {
  const accepted = error.details.reason === 'already_accepted';
  return new TurnDenial(error.code, {
    message: error.message, details: error.details,
    suggestedAction: accepted
      ? { verb: 'apply_code_patch', reason: 'the plan is accepted: execute its nodes in dependency order' }
      : { verb: 'submit_execution_plan', reason: 'submit the full planGraph (no retryPlanId)' },
  });
}

const args = z.strictObject({
  planGraph: z.record(z.string(), z.unknown()).optional()
    .describe('the PlanGraph document (see planGraphSchema in the initialize_work result); omit it when you send retryPlanId'),
  retryPlanId: z.string().min(1).max(100).regex(/^[A-Za-z0-9_.:-]+$/).optional()
    .describe('the planId a lease refusal kept for you (deny.details.planId): re-checks that plan without resending it; omit planGraph then'),
}).superRefine((value, issues) => {
  if ((value.planGraph === undefined) === (value.retryPlanId === undefined)) {
    issues.addIssue({ code: 'custom', path: [], message: 'give exactly one of planGraph (a new plan) or retryPlanId (a plan the server kept after a lease refusal)' });
  }
});

export const submitExecutionPlanVerb = defineVerb({
  name: 'submit_execution_plan',
  description: 'Submits a PlanGraph (or retries one the server kept after a lease refusal); the validator accepts it (state PLAN_ACCEPTED, mutations unlocked) or lists every violation with its code, JSON path and a fix.',
  whenToUse: 'Your plan follows planGraphSchema from initialize_work: pack evidence for every change, a blocking hook per change and a validate node per change. After EXEC_SIDE_EFFECT_COLLISION send only retryPlanId.',
  states: ['PLANNING', 'PLAN_ACCEPTED'],
  args,
  async run({ ctx, input }): Promise<VerbOutcome> {
    const work = ctx.work?.work;
    if (!work) throw new TurnDenial('NOT_FOUND', { message: 'submit_execution_plan needs a workId.' });
    const retryPlanId = input.retryPlanId;
    let submission: unknown = input.planGraph;
    if (retryPlanId !== undefined) {
      try {
        submission = await ctx.plans.waitingSubmission(work.id, retryPlanId, { signal: ctx.signal });
      } catch (error) {
        if (error instanceof AppError && ['NOT_FOUND', 'WORK_MISMATCH', 'ILLEGAL_TRANSITION'].includes(error.code)) throw retryRefusal(error);
        throw error;
      }
    }
    const leases = new PlanLeases(new LockService({ graph: ctx.graph, repoId: ctx.repoId, ttlMs: ctx.config.locks.leaseSeconds * 1000 }), {
      policy: ctx.config.locks.overlapPolicy, leaseSeconds: ctx.config.locks.leaseSeconds, now: ctx.now,
    });
    /** A lease refusal that keeps the plan waiting (a retry finds its own kept plan by hash and keeps its place in line). */
    const keepAndRefuse = async (error: AppError, plan: PlanGraph, strategyId: string): Promise<TurnDenial> => {
      const kept = await ctx.plans.keepWaiting(work.id, plan, { signal: ctx.signal });
      return leaseRefusal(error, kept.planId, strategyId, kept.created);
    };
    /** Leases of the plan, or the refusal that keeps it waiting. */
    const decideLeases = async (plan: PlanGraph, strategyId: string): Promise<Awaited<ReturnType<PlanLeases['decide']>>> => {
      try {
        return await leases.decide(work.id, plan, { signal: ctx.signal });
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'EXEC_SIDE_EFFECT_COLLISION') throw error;
        throw await keepAndRefuse(error, plan, strategyId);
      }
    };
    if (retryPlanId !== undefined) {
      // A retry still blocked by other works costs the lease check only: validation (the expensive part,
      // and what made waiting agents slow everyone at K=8) runs once the kept plan could actually run.
      const kept = planGraph.safeParse(submission);
      if (kept.success) await decideLeases(kept.data, '');
    }
    // Other works' leases are decided by PlanLeases below (a plan refused only for them is kept), not reported as plan violations.
    const verdict = await ctx.plans.validate(work.id, submission, { signal: ctx.signal }, { leasesCheckedByCaller: true });
    if (!verdict.accepted || verdict.plan === null) {
      if (retryPlanId !== undefined) await ctx.plans.dropWaiting(work.id, retryPlanId, { signal: ctx.signal });
      throw rejection(verdict, retryPlanId, submission);
    }
    const plan = verdict.plan;
    const locks = await decideLeases(plan, verdict.strategyId);
    const acceptance = ctx.plans.acceptance(work.id, plan, retryPlanId);
    const decision = locks.decision;
    return {
      nextState: 'PLAN_ACCEPTED',
      // Plan, PLAN_ACCEPTED and leases commit together; a lease race lost here rolls all of it back.
      // Leases first: a work that loses the race fails at once (waiting on the winner's lease locks)
      // instead of writing its whole plan first (at K=8 seven losers each wrote ~0.4 s of plan for nothing).
      effects: async (tx) => {
        await locks.acquire(tx);
        await acceptance.write(tx);
      },
      // The race was lost to a work that committed after our decision: the plan is kept and the agent
      // retries with retryPlanId instead of resending the whole plan. Under reject the refusal comes from
      // the holders the collision names; otherwise decide again, now seeing the winner.
      onCommitRefused: async (error) => {
        if (error.code !== 'EXEC_SIDE_EFFECT_COLLISION') return undefined;
        const lost = await leases.refusalAfterLostRace(work.id, error, { signal: ctx.signal });
        if (lost) return keepAndRefuse(lost, plan, verdict.strategyId);
        try {
          await decideLeases(plan, verdict.strategyId);
        } catch (refusal) {
          if (refusal instanceof TurnDenial) return refusal;
          throw refusal;
        }
        return undefined; // the winner is already gone: the plain retryable collision stands
      },
      progress: verdict.progress,
      result: {
        accepted: true,
        planId: acceptance.planId,
        planFingerprint: verdict.plan.planFingerprint,
        strategyId: verdict.strategyId,
        memoryRuleResults: verdict.memoryRuleResults,
        progress: verdict.progress,
        locks: decision,
      },
      suggestedAction: decision.status === 'queued'
        ? {
            verb: 'apply_code_patch', retryAfterMs: decision.retryAfterMs,
            reason: `queued at position ${decision.position} behind ${decision.queue.slice(0, -1).join(', ')} (wait ${decision.wait?.upTo ? 'up to ' : '~'}${Math.ceil((decision.wait?.estimatedMs ?? 0) / 1000)} s, result.locks.wait): patches on files they hold are refused (retryable) until they complete; read meanwhile`,
          }
        : { verb: 'apply_code_patch', reason: 'execute the plan nodes in dependency order; validate nodes complete them' },
    };
  },
});
