import { createHash } from 'node:crypto';
import { z } from 'zod';
import { writeFileNoFollow } from '../../paths/index.js';
import { TurnDenial } from '../deny.js';
import { defineVerb } from '../verb.js';

/** The scratch folder of a work, repo-relative. */
export function scratchRoot(workId: string): string {
  return `.ai/tmp/work/${workId}/scratch`;
}

export const writeScratchFileVerb = defineVerb({
  name: 'write_scratch_file',
  description: "Writes a note or intermediate artifact to the work's scratch folder (never into the repository itself).",
  whenToUse: 'You want to keep notes, drafts or hand-offs for sub-agents of the same work.',
  states: ['PLANNING', 'PLAN_ACCEPTED'],
  args: z.strictObject({
    relativePath: z.string().min(1).max(512).describe('path inside the scratch folder, e.g. notes/plan-draft.md'),
    content: z.string().max(16 * 1024 * 1024).describe('UTF-8 text to write (size-limited by configuration)'),
  }),
  async run({ ctx, input }) {
    const work = ctx.work?.work;
    if (!work) throw new TurnDenial('NOT_FOUND', { message: 'write_scratch_file needs a workId.' });
    const bytes = Buffer.byteLength(input.content, 'utf8');
    const max = ctx.config.limits.scratchMaxBytes;
    if (bytes > max) {
      throw new TurnDenial('INVALID_ARGS', { message: `The content is ${bytes} bytes; the scratch limit is ${max}.`, problems: [{ path: 'args.content', message: `at most ${max} bytes` }] });
    }
    const root = scratchRoot(work.id);
    const written = await writeFileNoFollow(ctx.repoRoot, root.split('/'), input.relativePath, input.content);
    return { result: { path: written.relative, bytes, sha256: createHash('sha256').update(input.content).digest('hex') } };
  },
});
