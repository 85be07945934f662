export { navigationExtractor } from './navigation.extractor.js';
