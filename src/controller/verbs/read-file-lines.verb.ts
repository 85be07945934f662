import { z } from 'zod';
import { TurnDenial } from '../deny.js';
import { defineVerb } from '../verb.js';
import { readPackLines, requirePack, resolvePackFile } from './pack-scope.js';

/** Most characters one read returns, whatever the line count (keeps a result far below ~25k tokens). */
const MAX_CHARS = 60_000;
const MAX_LINE_CHARS = 2_000;

export const readFileLinesVerb = defineVerb({
  name: 'read_file_lines',
  description: 'Returns a range of lines from a file in the context pack.',
  whenToUse: 'You need the exact text of a pack file (or part of it) to plan or verify a change.',
  readOnly: true,
  states: ['PLANNING', 'PLAN_ACCEPTED'],
  args: z.strictObject({
    filePath: z.string().min(1).max(1024).describe('repo-relative POSIX path of a file listed in the context pack'),
    startLine: z.number().int().min(1).max(10_000_000).optional().describe('first line to return, 1-based (default 1)'),
    endLine: z.number().int().min(1).max(10_000_000).optional().describe('last line to return, inclusive (default: startLine + the read limit - 1)'),
  }),
  async run({ ctx, input }) {
    const { files } = await requirePack(ctx);
    const resolved = await resolvePackFile(ctx, files, input.filePath);
    const lines = await readPackLines(ctx, resolved);
    const start = input.startLine ?? 1;
    if (input.endLine !== undefined && input.endLine < start) {
      throw new TurnDenial('INVALID_ARGS', { message: 'endLine is before startLine.', problems: [{ path: 'args.endLine', message: 'must be ≥ startLine' }] });
    }
    const maxEnd = start + ctx.config.limits.readMaxLines - 1;
    let end = Math.min(input.endLine ?? maxEnd, maxEnd, lines.length);
    const out: string[] = [];
    let chars = 0;
    for (let n = start; n <= end; n++) {
      const text = (lines[n - 1] ?? '').slice(0, MAX_LINE_CHARS);
      if (chars + text.length > MAX_CHARS) {
        end = n - 1;
        break;
      }
      chars += text.length + 1;
      out.push(text);
    }
    const requestedEnd = input.endLine ?? end;
    const truncated = end < Math.min(requestedEnd, lines.length);
    return {
      result: {
        filePath: resolved.relative,
        startLine: start,
        endLine: start > lines.length ? start - 1 : end,
        totalLines: lines.length,
        content: out.join('\n'),
        truncated,
        ...(truncated ? { nextStartLine: end + 1 } : {}),
      },
    };
  },
});
