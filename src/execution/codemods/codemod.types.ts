import type { z } from 'zod';
import { AppError } from '../../errors/index.js';

/** One replacement of the half-open character range [start, end) of the original text. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** What a codemod produced: the new text and how many places it changed (0 ⇒ the codemod is denied). */
export interface CodemodResult {
  text: string;
  changes: number;
}

/** A codemod: an id, a strict zod parameter schema and a pure transformation of one file's text. */
export interface CodemodDefinition<P extends z.ZodType = z.ZodType> {
  id: string;
  description: string;
  params: P;
  /** File extensions it applies to (e.g. `.ts`, `.html`). */
  extensions: readonly string[];
  /** May be async: the built-ins load their parsers on first use. */
  apply(input: { text: string; filePath: string; params: z.output<P> }): CodemodResult | Promise<CodemodResult>;
}

/** Applies non-overlapping edits to `text` (from the end, so earlier offsets stay valid); formatting outside the edits is untouched. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start);
  let out = text;
  let limit = Number.POSITIVE_INFINITY;
  for (const e of sorted) {
    if (e.start < 0 || e.end < e.start || e.end > limit) {
      throw new AppError('INTERNAL', { message: 'Overlapping codemod edits.', details: { start: e.start, end: e.end } });
    }
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
    limit = e.start;
  }
  return out;
}

/** Keeps the quote style of a string literal while replacing its value. */
export function requote(literalText: string, value: string): string {
  const quote = literalText[0] === '"' || literalText[0] === '`' ? literalText[0] : "'";
  return `${quote}${value.split(quote).join(`\\${quote}`)}${quote}`;
}
