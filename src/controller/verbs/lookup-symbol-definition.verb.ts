import { z } from 'zod';
import { defineVerb } from '../verb.js';
import { readPackLines, requirePack, resolvePackFile, workOverlay } from './pack-scope.js';

const SOURCE_MAX_LINES = 80;

export const lookupSymbolDefinitionVerb = defineVerb({
  name: 'lookup_symbol_definition',
  description: 'Finds where a symbol is defined, among the files of the context pack.',
  whenToUse: 'You know a class, function, interface or constant name and need its file, line range and signature.',
  readOnly: true,
  states: ['PLANNING', 'PLAN_ACCEPTED'],
  args: z.strictObject({
    symbol: z.string().min(1).max(200).regex(/^[^\u0000-\u001f\u007f]+$/, 'control characters are not allowed').describe('exact symbol name, e.g. UserListComponent'),
    kind: z.enum(['class', 'interface', 'type', 'enum', 'function', 'const', 'method', 'component', 'service', 'directive', 'pipe', 'module']).optional().describe('only definitions of this kind'),
    includeSource: z.boolean().optional().describe(`also return the definition's source lines (at most ${SOURCE_MAX_LINES} per definition, first 5 definitions)`),
    maxResults: z.number().int().min(1).max(50).optional().describe('most definitions to return (default 20)'),
  }),
  async run({ ctx, input }) {
    const { pack, files } = await requirePack(ctx);
    const defs = await ctx.packs.findSymbol(pack.id, input.symbol, input.kind ?? null, input.maxResults ?? 20, { signal: ctx.signal }, await workOverlay(ctx));
    const definitions = [];
    for (const [i, def] of defs.entries()) {
      let source: string | undefined;
      if (input.includeSource && i < 5 && def.startLine) {
        const lines = await readPackLines(ctx, await resolvePackFile(ctx, files, def.path));
        const end = Math.min(def.endLine ?? def.startLine, def.startLine + SOURCE_MAX_LINES - 1);
        source = lines.slice(def.startLine - 1, end).join('\n');
      }
      definitions.push({ ...def, ...(source === undefined ? {} : { source }) });
    }
    return { result: { symbol: input.symbol, found: definitions.length, definitions } };
  },
});
