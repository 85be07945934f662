export { translationResourcesExtractor } from './resources.extractor.js';
export { translationUsagesExtractor } from './usages.extractor.js';
export { translationKeyId } from './translation-facts.js';
