import { z } from 'zod';
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
    if (remainingNodes > 0 && work.state !== 'FAILED') {
      throw new TurnDenial('ILLEGAL_TRANSITION', {
        message: `${remainingNodes} plan node(s) are not complete yet.`,
        details: { remainingNodes, totalNodes: work.totalNodes },
        suggestedAction: { verb: 'apply_code_patch', reason: 'finish the remaining plan nodes first' },
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
      retrospective: 'memory candidates from friction arrive with the memory issue',
    };
    const nextState = work.state === 'COMPLETED' || work.state === 'FAILED' ? undefined : 'COMPLETED';
    return { result, ...(nextState ? { nextState } : {}) };
  },
});
