import { extname } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../errors/index.js';
import type { CodemodRegistry } from '../codemods/codemod-registry.js';
import type { PatchEdit } from './patch-edits.schema.js';
import { replaceText } from './replace-text.js';

/** What one edit did (recorded in result.json and op.log). */
export interface EditReport {
  index: number;
  type: PatchEdit['type'];
  codemod?: string;
  changes: number;
  startLine?: number;
  endLine?: number;
}

const problemsOf = (error: z.ZodError, index: number) =>
  error.issues.map((i) => ({ path: `args.edits[${index}].params${i.path.map((p) => `.${String(p)}`).join('')}`, message: i.message }));

/**
 * Applies edits in order to a file's text (pure). Any edit that cannot apply — no/ambiguous match,
 * unknown codemod, bad parameters, nothing to change — throws INVALID_ARGS and nothing is written.
 */
export async function applyEdits(text: string, filePath: string, edits: readonly PatchEdit[], codemods: CodemodRegistry): Promise<{ text: string; reports: EditReport[] }> {
  let current = text;
  const reports: EditReport[] = [];
  for (const [index, edit] of edits.entries()) {
    if (edit.type === 'replace_text') {
      const out = replaceText(current, edit);
      if (!out.ok) {
        const what = out.reason === 'not_found' ? 'does not occur' : out.reason === 'ambiguous' ? `occurs ${out.matches} times; give occurrence or lineRange` : `has only ${out.matches} occurrence(s)`;
        throw new AppError('INVALID_ARGS', {
          message: `Edit ${index}: oldText ${what} in ${filePath}${edit.lineRange ? ` within lines ${edit.lineRange.start}-${edit.lineRange.end}` : ''}.`
            + (out.nearest ? ` Nearest match: lines ${out.nearest.startLine}-${out.nearest.endLine} (similarity ${out.nearest.similarity}).` : ''),
          details: { editIndex: index, reason: out.reason, matches: out.matches, matchLines: out.matchLines, nearest: out.nearest },
        });
      }
      current = out.text;
      reports.push({ index, type: edit.type, changes: 1, startLine: out.startLine, endLine: out.endLine });
      continue;
    }
    const codemod = codemods.get(edit.codemod);
    if (!codemod) {
      throw new AppError('INVALID_ARGS', { message: `Edit ${index}: unknown codemod ${edit.codemod}.`, details: { editIndex: index, available: codemods.list().map((c) => c.id) } });
    }
    if (!codemod.extensions.includes(extname(filePath))) {
      throw new AppError('INVALID_ARGS', { message: `Edit ${index}: ${codemod.id} does not apply to ${extname(filePath) || 'extension-less'} files.`, details: { editIndex: index, extensions: codemod.extensions } });
    }
    const parsed = codemod.params.safeParse(edit.params);
    if (!parsed.success) {
      throw new AppError('INVALID_ARGS', { message: `Edit ${index}: invalid parameters for ${codemod.id}.`, details: { editIndex: index, problems: problemsOf(parsed.error, index) } });
    }
    const out = await codemod.apply({ text: current, filePath, params: parsed.data });
    if (out.changes === 0) {
      throw new AppError('INVALID_ARGS', { message: `Edit ${index}: ${codemod.id} found nothing to change in ${filePath}.`, details: { editIndex: index, codemod: codemod.id } });
    }
    current = out.text;
    reports.push({ index, type: edit.type, codemod: codemod.id, changes: out.changes });
  }
  return { text: current, reports };
}
