import { z } from 'zod';
import { LockService } from '../../execution/locks/lock-service.js';
import { PlanLeases } from '../../execution/locks/plan-leases.js';
import { WorkOverlays } from '../../execution/overlay/work-overlays.js';
import { storeWorkRetrospective, workRetrospective } from '../../memory/index.js';
import { completionDecision } from '../../plan/progress/progress.js';
import { TurnDenial } from '../deny.js';
import { defineVerb, type VerbOutcome } from '../verb.js';

function countBy(values: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

export const signalTaskCompleteVerb = defineVerb({
  name: 'signal_task_complete',
  description: 'Declares the work finished; accepted only when no plan node remains. Returns the session summary.',
  whenToUse: 'Every plan node and validation has passed (or the work is blocked/failed and you are wrapping up).',
  states: ['PLANNING', 'PLAN_ACCEPTED', 'COMPLETED', 'BLOCKED_BUDGET', 'FAILED'],
  args: z.strictObject({
    summary: z.string().max(4000).optional().describe('a short account of what was done, for the retrospective'),
  }),
  async run({ ctx }): Promise<VerbOutcome> {
    const work = ctx.work?.work;
    if (!work) throw new TurnDenial('NOT_FOUND', { message: 'signal_task_complete needs a workId.' });
    const remainingNodes = Math.max(0, work.totalNodes - work.completedNodes);
    const progress = { totalNodes: work.totalNodes, completedNodes: work.completedNodes, remainingNodes, pendingValidations: work.pendingValidations ?? [] };
    const decision = completionDecision(progress);
    // Without an accepted plan there is nothing to finish (wrapping up a blocked or abandoned work is allowed).
    if (!decision.allowed && progress.totalNodes > 0 && work.state !== 'FAILED') {
      throw new TurnDenial('ILLEGAL_TRANSITION', {
        message: `The work cannot complete yet: ${decision.reason}.`,
        details: { remainingNodes, totalNodes: work.totalNodes, pendingValidations: progress.pendingValidations },
        suggestedAction: { verb: 'apply_code_patch', reason: 'finish the remaining plan nodes and their validations first' },
      });
    }
    const turns = await ctx.sessions.summarize(work.id, { signal: ctx.signal });
    const rejected = turns.filter((t) => t.outcome === 'denied');
    const result = {
      summary: {
        turns: turns.length,
        rejections: rejected.length,
        verbDistribution: countBy(turns.map((t) => t.verb)),
        rejectionDistribution: countBy(rejected.flatMap((t) => t.denyCodes ?? [])),
        agents: [...new Set(turns.map((t) => t.agentId).filter((a): a is string => Boolean(a)))].length,
      },
      retrospective: await workRetrospective(ctx.graph, ctx.repoId, work.id, { verb: 'signal_task_complete', threshold: ctx.config.memory.rejectionThreshold }, { signal: ctx.signal }),
    };
    const nextState = work.state === 'COMPLETED' || work.state === 'FAILED' ? undefined : 'COMPLETED';
    // A finished work keeps no lease: released in the completion commit and handed to works queued on those files.
    const leases = new PlanLeases(new LockService({ graph: ctx.graph, repoId: ctx.repoId, ttlMs: ctx.config.locks.leaseSeconds * 1000 }), {
      policy: ctx.config.locks.overlapPolicy, leaseSeconds: ctx.config.locks.leaseSeconds,
    });
    const locks: { released: string[]; handedOver: Array<{ workId: string; resources: string[] }> } = { released: [], handedOver: [] };
    return {
      // The envelope is built after the commit, so what the effects fill in is what the agent sees.
      result: { ...result, locks },
      effects: async (tx) => {
        Object.assign(locks, await leases.releaseAndHandOver(tx, work.id));
        // The work ended: its overlay (the facts of its unmerged edits) goes with it; an approved merge brings the files into the base.
        await new WorkOverlays({ graph: ctx.graph, repoId: ctx.repoId }).dropIn(tx, work.id);
        await storeWorkRetrospective(tx, ctx.repoId, work.id, result.retrospective);
      },
      ...(nextState ? { nextState } : {}),
    };
  },
});
