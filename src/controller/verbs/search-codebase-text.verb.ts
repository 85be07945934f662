import { z } from 'zod';
import { requireRepoPath } from '../../paths/index.js';
import { AppError } from '../../errors/index.js';
import { defineVerb } from '../verb.js';
import { readPackLines, requirePack, resolvePackFile } from './pack-scope.js';

const READ_BATCH = 8;
/** A match shows at most this much of its line, around the first hit. */
const MATCH_TEXT_CHARS = 160;

/** The part of a line around its first hit, marked with … where cut. */
export function matchExcerpt(line: string, column: number): string {
  const text = line.trimEnd();
  if (text.length <= MATCH_TEXT_CHARS) return text.trimStart();
  const start = Math.max(0, Math.min(column - 1 - 40, text.length - MATCH_TEXT_CHARS));
  return `${start > 0 ? '…' : ''}${text.slice(start, start + MATCH_TEXT_CHARS).trimStart()}${start + MATCH_TEXT_CHARS < text.length ? '…' : ''}`;
}

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
  readOnly: true,
  states: ['PLANNING', 'PLAN_ACCEPTED'],
  args: z.strictObject({
    query: z.string().min(1).max(200).regex(/^[^\u0000-\u001f\u007f]+$/, 'control characters are not allowed').describe('the literal text to find'),
    caseSensitive: z.boolean().optional().describe('match case exactly (default false)'),
    wholeWord: z.boolean().optional().describe('only matches not touching identifier characters (default false)'),
    pathPrefix: z.string().min(1).max(1024).optional().describe('only pack files under this repo-relative folder'),
    extensions: z.array(z.string().regex(/^\.?[A-Za-z0-9]{1,10}$/)).max(10).optional().describe('only files with these extensions, e.g. ["ts", "html"]'),
    maxResults: z.number().int().min(1).max(5000).optional().describe('most matches to look at (capped by configuration)'),
    skip: z.number().int().min(0).max(100_000).optional().describe('matches to pass over first: the `next.skip` of a truncated answer'),
  }),
  async run({ ctx, input }) {
    const { files } = await requirePack(ctx);
    const prefix = input.pathPrefix === undefined ? undefined : `${requireRepoPath(input.pathPrefix)}/`;
    const exts = input.extensions?.map((e) => (e.startsWith('.') ? e : `.${e}`).toLowerCase());
    const limit = Math.min(input.maxResults ?? ctx.config.limits.searchMaxResults, ctx.config.limits.searchMaxResults);
    const options = { caseSensitive: input.caseSensitive ?? false, wholeWord: input.wholeWord ?? false };
    const skip = input.skip ?? 0;
    const matches: Array<{ path: string; line: number; col: number; text: string }> = [];
    let found = 0;
    // The matches of one answer stay under limits.searchAnswerChars of JSON (one match always goes, so
    // a page always advances); `next.skip` pages on.
    let chars = 0;
    let full = false;
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
    for (let i = 0; i < candidates.length && found < limit && !full && !ctx.signal.aborted; i += READ_BATCH) {
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
          const [col] = findLiteral(line, input.query, options);
          if (col === undefined) continue;
          found++;
          if (found <= skip) continue;
          const match = { path: file, line: n + 1, col, text: matchExcerpt(line, col) };
          chars += JSON.stringify(match).length + 1;
          if (chars > ctx.config.limits.searchAnswerChars && matches.length > 0) {
            full = true;
            break;
          }
          matches.push(match);
          if (found >= limit) break;
        }
        if (found >= limit || full) break;
      }
    }
    // Truncated by the answer's size: the next page starts after the last match shown.
    const next = full ? { next: { skip: skip + matches.length } } : {};
    return { result: { query: input.query, filesSearched, matches, truncated: full || found >= limit, ...next, skipped } };
  },
});
