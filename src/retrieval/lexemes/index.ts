export * from './lexeme.model.js';
export { DEFAULT_LEXEME_CONFIG, type LexemeConfig } from './lexeme.config.js';
export { buildLexemes, mergeLexemes, type BuildLexemesInput } from './lexeme-builder.js';
export { extractTerms, type ExtractedTerm, type ExtractOptions } from './lexeme-extractor.js';
export { expandAliases, type AliasExpansion } from './lexeme-alias.js';
export { normalizeTerm, stripSelector, termTokens, termVariants, trimPunctuation, wordParts } from './lexeme-normalizer.js';
export { classifyTerm, DEFAULT_SELECTOR_PREFIXES, type Classification, type ClassifyOptions } from './term-classifier.js';
export { isUtilityToken } from './utility-tokens.js';
export { otherNumber, pluralize, singularize } from './inflection.js';
export {
  DEFAULT_LUCENE_OPTIONS, LUCENE_SPECIALS, buildLuceneQuery, escapeLucene, lexemeQueryTerms, lexemeTokens,
  type LuceneQueryOptions, type WeightedTerm,
} from './lucene-query.js';
