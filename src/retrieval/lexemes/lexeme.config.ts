import type { LexemeKind, LexemeSource } from './lexeme.model.js';
import { DEFAULT_SELECTOR_PREFIXES } from './term-classifier.js';

/** Knobs of lexeme building, in one place; defaults are argued in src/retrieval/README.md. */
export interface LexemeConfig {
  /** How much a hit on each kind is worth before confidence (exact identifiers beat prose nouns). */
  kindWeights: Record<LexemeKind, number>;
  /** Minimum confidence per source: an agent naming a term vouches for it. */
  confidenceFloor: Partial<Record<LexemeSource, number>>;
  /** Multiplier on the confidence of terms from each source. */
  sourceFactor: Record<LexemeSource, number>;
  /** Boost multiplier for Tailwind-style utility tokens (near zero, not zero: still visible in the pack). */
  utilityFactor: number;
  maxPositive: number;
  maxNegative: number;
  /** Prose beyond this many characters is not scanned. */
  maxPromptChars: number;
  selectorPrefixes: readonly string[];
}

export const DEFAULT_LEXEME_CONFIG: LexemeConfig = {
  kindWeights: {
    ENDPOINT_PATH: 1, SELECTOR_TAG: 1, SYMBOL: 1, FILE_PATH: 1, ROUTE_SEGMENT: 0.9, CONFIG_FLAG: 0.9, ERROR_STRING: 0.9,
    GRID_FIELD: 0.8, UI_LABEL: 0.7, TICKET_KEY: 0.6, DOMAIN_NOUN: 0.5,
  },
  confidenceFloor: { agent: 0.8 },
  sourceFactor: { agent: 1, jira: 0.9, prompt: 1, alias: 0.6 },
  utilityFactor: 0.05,
  maxPositive: 48,
  maxNegative: 16,
  maxPromptChars: 32_768,
  selectorPrefixes: DEFAULT_SELECTOR_PREFIXES,
};
