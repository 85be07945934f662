import type { ParseEventKind } from '../../model/facts.js';

/** The resource formats read (`format` on TranslationKey nodes). */
export type TranslationFormat = 'json' | 'ng-json' | 'arb' | 'xliff-1.2' | 'xliff-2.0' | 'xmb' | 'xtb';

/** One key of one resource file, before caps are applied. */
export interface TranslationEntry {
  key: string;
  /** The texts of this entry, aligned with `locales` (XLIFF: source then target; JSON: one). */
  values: string[];
  locales: string[];
  line: number;
  endLine: number;
  description?: string;
  meaning?: string;
}

/** A problem found while reading a resource (becomes a ParseEvent). */
export interface ResourceProblem {
  kind: ParseEventKind;
  message: string;
  line?: number;
}

/** What a reader found in one file. */
export interface ResourceRead {
  format: TranslationFormat;
  /** The file's locale (the target language for a translated XLIFF). */
  locale?: string;
  entries: TranslationEntry[];
  problems: ResourceProblem[];
}

/** Bounds that keep one odd file from flooding the graph. */
export const I18N_LIMITS = {
  /** Characters of a value stored (longer values are cut with `…`, and reported). */
  maxValue: 500,
  /** Keys indexed per file (the rest are reported, not written). */
  maxKeys: 10_000,
  /** Keys longer than this are reported, not written. */
  maxKeyLength: 300,
  /** JSON nesting below this depth is reported and skipped. */
  maxDepth: 32,
  /** Parse problems reported per file (then one summary event). */
  maxProblems: 20,
} as const;

/** Collapses whitespace runs (XML/HTML text) to single spaces. */
export function flatText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
