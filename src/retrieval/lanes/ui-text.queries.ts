import type { Integer } from 'neo4j-driver';
import { loadQuery } from '../../graph/index.js';

/** One (hit, file) pair of the ui-text lane: a translation key or template text, and a file that shows it. */
export interface UiTextRow {
  hitId: string;
  labels: string[];
  /** The translation key (TranslationKey hits only). */
  key: string | null;
  locale: string | null;
  /** The hit's text: a key's values, or a template's text fragments, newline-separated. */
  text: string | null;
  score: number;
  fileId: string;
  path: string;
  bytes: number | null;
  /** `uses`: the file uses the key; `text`: the file is the template; `defines`: the file is the translation resource. */
  via: 'uses' | 'text' | 'defines';
  line: number | null;
  /** The component files whose external template this file is. */
  owners: Array<{ id: string; path: string }>;
}

export const uiTextSearchQuery = loadQuery<{ repoId: string; search: { query: string }; hits: Integer; perHit: Integer }, UiTextRow>('retrieval/ui-text-search.cypher');
