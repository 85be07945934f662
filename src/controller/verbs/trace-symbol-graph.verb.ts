import { z } from 'zod';
import { fewShotsFor } from '../../memory/few-shots.js';
import { defineVerb } from '../verb.js';
import { requirePack, resolvePackFile, workOverlay } from './pack-scope.js';

export const traceSymbolGraphVerb = defineVerb({
  name: 'trace_symbol_graph',
  description: 'Lists the graph neighbours (imports, members, injections, templates, routes …) of a symbol or file, kept inside the context pack, and the few-shot memories (fewShots: before/after examples reviewers approved) for its folder.',
  whenToUse: 'You need to see what a symbol or file is connected to before planning a change that may ripple.',
  readOnly: true,
  states: ['PLANNING', 'PLAN_ACCEPTED'],
  args: z
    .strictObject({
      symbol: z.string().min(1).max(200).regex(/^[^\u0000-\u001f\u007f]+$/, 'control characters are not allowed').optional().describe('symbol name to start from'),
      filePath: z.string().min(1).max(1024).optional().describe('repo-relative path of a pack file to start from'),
      maxNeighbours: z.number().int().min(1).max(1000).optional().describe('most neighbours to return (capped by configuration)'),
    })
    .refine((a) => (a.symbol === undefined) !== (a.filePath === undefined), { message: 'give exactly one of symbol or filePath' }),
  async run({ ctx, input }) {
    const { pack, files } = await requirePack(ctx);
    const path = input.filePath === undefined ? null : (await resolvePackFile(ctx, files, input.filePath)).relative;
    const limit = Math.min(input.maxNeighbours ?? ctx.config.limits.traceMaxNeighbours, ctx.config.limits.traceMaxNeighbours);
    const rows = await ctx.packs.neighbours(pack, { symbol: input.symbol ?? null, path }, limit, { signal: ctx.signal }, await workOverlay(ctx));
    const starts = [...new Map(rows.map((r) => [r.from.id, r.from])).values()];
    // Few-shot memories whose anchors cover the traced files (seed 000); only when there are some.
    const tracedPaths = [...new Set([path, ...starts.map((s) => s.path)].filter((p): p is string => typeof p === 'string'))];
    const fewShots = ctx.config.memory.enableFewShotInjection ? await fewShotsFor(ctx.graph, ctx.repoId, tracedPaths, ctx.now(), { signal: ctx.signal }) : [];
    return {
      result: {
        start: input.symbol ? { symbol: input.symbol } : { filePath: path },
        matchedStarts: starts,
        neighbours: rows.map((r) => ({ from: r.from.id, rel: r.rel, direction: r.direction, node: r.node })),
        truncated: rows.length >= limit,
        ...(fewShots.length > 0 ? { fewShots } : {}),
      },
    };
  },
});
