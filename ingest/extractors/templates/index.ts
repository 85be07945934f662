export { templateExtractor } from './template.extractor.js';
