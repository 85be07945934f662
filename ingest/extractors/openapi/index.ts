export { openApiExtractor } from './openapi.extractor.js';
export { endpointCallsExtractor } from './endpoint-calls.extractor.js';
