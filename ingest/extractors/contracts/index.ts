export { contractsExtractor } from './contracts.extractor.js';
