import { z } from 'zod';
import { requireRepoPath } from '../../paths/index.js';
import { AppError } from '../../errors/index.js';
import { defineVerb } from '../verb.js';
import { readPackLines, requirePack, resolvePackFile } from './pack-scope.js';

const MAX_LINE_CHARS = 300;
const READ_BATCH = 8;

/** Literal matching only (no agent-supplied regex or code): returns match columns in a line. */
export function findLiteral(line: string, query: string, options: { caseSensitive: boolean; wholeWord: boolean }): number[] {
  const hay = options.caseSensitive ? line : line.toLowerCase();
  const needle = options.caseSensitive ? query : query.toLowerCase();
  const columns: number[] = [];
  let from = 0;
  while (columns.length < 20) {
    const at = hay.indexOf(needle, from);
    if (at < 0) break;
    const before = at === 0 ? '' : hay[at - 1] ?? '';
    const after = hay[at + needle.length] ?? '';
    const word = /[A-Za-z0-9_$]/;
    if (!options.wholeWord || (!word.test(before) && !word.test(after))) columns.push(at + 1);
    from = at + Math.max(needle.length, 1);
  }
  return columns;
}

export const searchCodebaseTextVerb = defineVerb({
  name: 'search_codebase_text',
  description: 'Finds a literal text in the files of the context pack (declarative filters only; no regular expressions).',
  whenToUse: 'You need every place a string, tag, selector or identifier occurs within the pack.',
  states: ['PLANNING', 'PLAN_ACCEPTED'],
  args: z.strictObject({
    query: z.string().min(1).max(200).regex(/^[^\u0000-\u001f\u007f]+$/, 'control characters are not allowed').describe('the literal text to find'),
    caseSensitive: z.boolean().optional().describe('match case exactly (default false)'),
    wholeWord: z.boolean().optional().describe('only matches not touching identifier characters (default false)'),
    pathPrefix: z.string().min(1).max(1024).optional().describe('only pack files under this repo-relative folder'),
    extensions: z.array(z.string().regex(/^\.?[A-Za-z0-9]{1,10}$/)).max(10).optional().describe('only files with these extensions, e.g. ["ts", "html"]'),
    maxResults: z.number().int().min(1).max(5000).optional().describe('most matches to return (capped by configuration)'),
  }),
  async run({ ctx, input }) {
    const { files } = await requirePack(ctx);
    const prefix = input.pathPrefix === undefined ? undefined : `${requireRepoPath(input.pathPrefix)}/`;
    const exts = input.extensions?.map((e) => (e.startsWith('.') ? e : `.${e}`).toLowerCase());
    const limit = Math.min(input.maxResults ?? ctx.config.limits.searchMaxResults, ctx.config.limits.searchMaxResults);
    const options = { caseSensitive: input.caseSensitive ?? false, wholeWord: input.wholeWord ?? false };
    const matches: Array<{ path: string; line: number; columns: number[]; text: string }> = [];
    const skipped: Array<{ path: string; reason: string }> = [];
    let filesSearched = 0;
    const candidates = files.filter((file) => (!prefix || file.startsWith(prefix)) && (!exts || exts.some((e) => file.toLowerCase().endsWith(e))));
    const read = async (file: string): Promise<string[] | { reason: string }> => {
      try {
        return await readPackLines(ctx, await resolvePackFile(ctx, files, file));
      } catch (error) {
        return { reason: error instanceof AppError ? error.code : 'unreadable' };
      }
    };
    // Files are read a few at a time (I/O overlaps) but scanned in pack order, so results are deterministic.
    for (let i = 0; i < candidates.length && matches.length < limit && !ctx.signal.aborted; i += READ_BATCH) {
      const batch = candidates.slice(i, i + READ_BATCH);
      const contents = await Promise.all(batch.map(read));
      for (const [j, lines] of contents.entries()) {
        const file = batch[j] as string;
        if (!Array.isArray(lines)) {
          skipped.push({ path: file, reason: lines.reason });
          continue;
        }
        filesSearched++;
        for (const [n, line] of lines.entries()) {
          const columns = findLiteral(line, input.query, options);
          if (columns.length > 0) matches.push({ path: file, line: n + 1, columns, text: line.slice(0, MAX_LINE_CHARS) });
          if (matches.length >= limit) break;
        }
        if (matches.length >= limit) break;
      }
    }
    return { result: { query: input.query, filesSearched, matches, truncated: matches.length >= limit, skipped } };
  },
});
