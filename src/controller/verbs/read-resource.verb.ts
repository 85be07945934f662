import { z } from 'zod';
import { parseResourceUri, readResource } from '../../mcp/resources.js';
import { TurnDenial } from '../deny.js';
import { defineVerb } from '../verb.js';

/**
 * `read_resource`: the MCP resources (the PlanGraph JSON Schema, a work's planGraphSchema, the full
 * context pack page by page) through controller_turn, for clients whose model cannot read MCP
 * resources. Read-only and budget-safe: it returns what initialize_work and escalate left out.
 */
export const readResourceVerb = defineVerb({
  name: 'read_resource',
  description: 'Returns a graphgate resource: the PlanGraph JSON Schema, a work\'s full planGraphSchema, or a page of the full context pack.',
  whenToUse: 'You need the full schema (planGraphSchema.uri / workUri) or more of the pack than initialize_work showed (graphgate://work/<workId>/pack?page=N).',
  readOnly: true,
  states: ['PLANNING', 'PLAN_ACCEPTED', 'COMPLETED', 'BLOCKED_BUDGET', 'FAILED'],
  args: z.strictObject({
    uri: z.string().min(1).max(512).describe('graphgate://schema/plan-graph, graphgate://work/<workId>/plan-schema or graphgate://work/<workId>/pack'),
    page: z.number().int().min(1).max(100_000).optional().describe('pack page, from 1 (default: the page in the URI, else 1)'),
  }),
  async run({ ctx, input }) {
    const workId = ctx.work?.work.id;
    const target = parseResourceUri(input.uri, input.page);
    // A work's resources are read through that work's own turns only.
    if (target.kind !== 'schema' && target.workId !== workId) {
      throw new TurnDenial('INVALID_ARGS', {
        message: `This turn acts on work ${workId}; ${input.uri.slice(0, 200)} belongs to another work.`,
        problems: [{ path: 'args.uri', message: `use graphgate://work/${workId}/…` }],
      });
    }
    const read = await readResource({ repoRoot: ctx.repoRoot, sessions: ctx.sessions, plans: ctx.plans }, input.uri, { ...(input.page ? { page: input.page } : {}), run: { signal: ctx.signal } });
    return { result: { ...read } };
  },
});
