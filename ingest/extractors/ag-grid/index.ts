export { agGridExtractor } from './ag-grid.extractor.js';
