export { angularExtractor } from './angular.extractor.js';
