import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../errors/index.js';
import { readTextCapped, resolveExisting, writeFileNoFollow } from '../../paths/index.js';
import { failpoint } from '../../runtime/failpoint.js';

const lexeme = z.string().min(1).max(200).regex(/^[A-Za-z_$][A-Za-z0-9_$-]*$/, 'an identifier or tag-like lexeme (letters, digits, _, $, -)');

/** Parameters of `replace_lexeme_in_file`: whole-lexeme replacement in one file. */
export const replaceLexemeParams = z.strictObject({
  file: z.string().min(1).max(1024).describe('repo-relative path of the plan node’s target file'),
  from: lexeme.describe('the lexeme to replace (whole lexemes only: `adp-button` never matches inside `adp-button-group`)'),
  to: lexeme.describe('the replacement lexeme'),
  expectedCount: z.number().int().min(1).max(10_000).optional().describe('refuse unless exactly this many occurrences exist'),
});
export type ReplaceLexemeParams = z.infer<typeof replaceLexemeParams>;

const LEXEME_CHAR = /[A-Za-z0-9_$-]/;

/** Replaces whole occurrences of `from` with `to`; returns the new text and how many were replaced. Pure. */
export function replaceLexeme(text: string, from: string, to: string): { text: string; count: number } {
  let out = '';
  let count = 0;
  let i = 0;
  for (;;) {
    const at = text.indexOf(from, i);
    if (at < 0) break;
    const before = at > 0 ? text[at - 1]! : '';
    const after = text[at + from.length] ?? '';
    if ((before && LEXEME_CHAR.test(before)) || (after && LEXEME_CHAR.test(after))) {
      out += text.slice(i, at + 1);
      i = at + 1;
      continue;
    }
    out += text.slice(i, at) + to;
    i = at + from.length;
    count += 1;
  }
  return { text: out + text.slice(i), count };
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** Recorded on the Operation before the recipe writes: per file, the hashes of the text before and after. */
export interface RecipeWriteIntent {
  kind: 'recipe';
  recipeId: string;
  files: Array<{ file: string; sha256Before: string; sha256After: string }>;
  replacements: number;
}

/** Crash recovery hooks: the intent a crashed owner recorded, and where to record ours before writing. */
export interface WriteIntentHooks {
  prior?: RecipeWriteIntent | null;
  beforeWrite?: (intent: RecipeWriteIntent) => Promise<void>;
}

/**
 * Applies the replacement inside `root` (path rules, no symlink writes); throws when nothing or the wrong count matches.
 * After a takeover (`hooks.prior`) a file already holding the recorded result is not written again, and a file
 * that is neither the recorded before nor after text is refused.
 */
export async function runReplaceLexeme(root: string, params: ReplaceLexemeParams, maxBytes: number, hooks: WriteIntentHooks = {}): Promise<Record<string, unknown>> {
  const resolved = await resolveExisting(root, params.file);
  // A link to another file inside the worktree would edit a file the plan node does not target.
  if (resolved.relative !== params.file) {
    throw new AppError('PATH_REJECTED', { message: `${params.file} is a link to another file (${resolved.relative}); the recipe edits only the node's own file.`, details: { reason: 'outside_root', path: params.file } });
  }
  const before = await readTextCapped(resolved, maxBytes);
  const recorded = hooks.prior?.files.find((f) => f.file === resolved.relative);
  if (recorded && sha(before) === recorded.sha256After) {
    return { file: resolved.relative, replacements: hooks.prior!.replacements, sha256Before: recorded.sha256Before, sha256After: recorded.sha256After, reconciled: 'already_applied' };
  }
  if (recorded && sha(before) !== recorded.sha256Before) {
    throw new AppError('INVALID_ARGS', {
      message: `${resolved.relative} changed since this operation recorded its edit (neither the text before nor after it); read the file and run the recipe again with a new operationId.`,
      details: { reason: 'file_changed_since_intent', file: resolved.relative },
    });
  }
  const { text, count } = replaceLexeme(before, params.from, params.to);
  if (count === 0) throw new AppError('INVALID_ARGS', { message: `${params.from} does not occur as a whole lexeme in ${resolved.relative}.`, details: { file: resolved.relative } });
  if (params.expectedCount !== undefined && params.expectedCount !== count) {
    throw new AppError('INVALID_ARGS', { message: `${params.from} occurs ${count} time(s) in ${resolved.relative}, not ${params.expectedCount}.`, details: { file: resolved.relative, count } });
  }
  await hooks.beforeWrite?.({ kind: 'recipe', recipeId: 'replace_lexeme_in_file', files: [{ file: resolved.relative, sha256Before: sha(before), sha256After: sha(text) }], replacements: count });
  await writeFileNoFollow(root, [], resolved.relative, text);
  failpoint('recipe:after-write');
  return { file: resolved.relative, replacements: count, sha256Before: sha(before), sha256After: sha(text), ...(recorded ? { reconciled: 'redone' } : {}) };
}
