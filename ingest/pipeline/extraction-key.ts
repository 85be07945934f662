import { createHash } from 'node:crypto';
import type { IngestSettings } from '../model/extractor.js';

/**
 * Bump when the extractors write different facts for the same file content (2: translation keys of the
 * source locale only; 3: names resolved on the syntax tree — nested const objects resolve; 4: paths built
 * from template literals and `+` of constants resolve; 5: template usages never resolve to test doubles
 * declared in spec files; 6: `*.json5` translations, comments and trailing commas). A repository stored
 * under another key is re-extracted once, in full, by its next
 * whole-tree ingest: unchanged hashes alone would keep the old facts forever.
 */
export const FACTS_VERSION = 6;

/** The version plus every setting the extractors read (changing one changes what they write). */
export function extractionKey(settings: IngestSettings): string {
  const { tagFamilies, anchorDepth, i18nLocales, angularMajor } = settings;
  const digest = createHash('sha256').update(JSON.stringify({ tagFamilies, anchorDepth, i18nLocales, angularMajor: angularMajor ?? null })).digest('hex').slice(0, 16);
  return `${FACTS_VERSION}:${digest}`;
}
