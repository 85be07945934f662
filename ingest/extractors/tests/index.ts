export { testFileExtractor } from './test-file.extractor.js';
