export { typescriptExtractor } from './typescript.extractor.js';
