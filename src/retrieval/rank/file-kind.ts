import type { Lexeme } from '../lexemes/lexeme.model.js';
import { round } from '../shared/stable-order.js';
import type { Contribution } from './file-contributions.js';
import { isTestPath, pathSegments } from './path-features.js';
import type { RankConfig } from './rank.config.js';

/** Code and templates: what a coding task edits. Styles, JSON, YAML, translations and docs rarely are. */
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?|html?|vue|svelte)$/i;
/** Task words that make test files part of the answer rather than noise. */
const TEST_WORDS: ReadonlySet<string> = new Set(['test', 'tests', 'testing', 'spec', 'specs', 'e2e', 'cypress', 'jest', 'karma', 'jasmine', 'vitest', 'playwright', 'unit']);

/** A code or template file (by extension). */
export function isSourcePath(path: string): boolean {
  return SOURCE_FILE.test(pathSegments(path).pop() ?? '');
}

/** Whether the task talks about tests (then spec and e2e files are candidates like any other). */
export function mentionsTests(lexemes: readonly Lexeme[]): boolean {
  return lexemes.some((l) => l.polarity !== 'negative' && [l.norm, ...l.variants].some((w) => TEST_WORDS.has(w)));
}

/**
 * The file-kind prior: a file that is not code or a template, or a test file when the task does not
 * talk about tests, keeps only part of its positive score. Proportional rather than fixed, so a
 * stylesheet or a test the task clearly names still ranks, but a weak one no longer holds a place
 * a component of the same strength would take. Measured on history tasks (src/eval/README.md).
 */
export function fileKindContribution(path: string, positive: number, lexemes: readonly Lexeme[], config: RankConfig): Contribution | null {
  if (!(positive > 0)) return null;
  if (!isSourcePath(path) && config.nonSourceShare > 0) {
    return { name: 'file-kind', value: round(-config.nonSourceShare * positive), detail: 'not code or a template (style, data, configuration or docs)' };
  }
  if (isTestPath(path) && config.untestedTaskTestShare > 0 && !mentionsTests(lexemes)) {
    return { name: 'file-kind', value: round(-config.untestedTaskTestShare * positive), detail: 'test file, and the task does not mention tests' };
  }
  return null;
}
