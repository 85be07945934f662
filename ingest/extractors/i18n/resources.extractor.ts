import type { Extractor } from '../../model/extractor.js';
import { addEvent, EXTRACTOR_ERROR } from '../support/facts.js';
import { readJsonResource } from './json-resources.js';
import { translationKeysIndexed } from './locale-selection.js';
import { isJsonResourceCandidate, isXmlResource, resourcePathInfo } from './resource-paths.js';
import { emitTranslationKeys, RESOURCE_PARSER } from './translation-facts.js';
import { readXmlResource } from './xml-resources.js';

/**
 * Translation resources → `TranslationKey` nodes: ngx-translate / transloco / ARB / `ng extract-i18n`
 * JSON (only files whose path and content both look like translations) and XLIFF 1.2/2.0, XMB, XTB;
 * other locales only where the source / preferred locale is absent (locale-selection.ts).
 * Usages are linked by the usages extractor through `translationKey` references.
 */
export const translationResourcesExtractor: Extractor = {
  name: RESOURCE_PARSER,
  appliesTo: (path) => isXmlResource(path) || isJsonResourceCandidate(path),
  extract(ctx, into) {
    try {
      const info = resourcePathInfo(ctx.path);
      const read = isXmlResource(ctx.path) ? readXmlResource(ctx.text, ctx.path, info.locale) : readJsonResource(ctx.text, info.locale);
      if (read) emitTranslationKeys(ctx, into, read, info.scope, translationKeysIndexed(ctx.root, ctx.path, read.locale, ctx.settings.i18nLocales));
    } catch (error) {
      addEvent(into, RESOURCE_PARSER, 'unsupported_syntax', `${EXTRACTOR_ERROR} translation resource: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500));
    }
  },
};
