export { routesExtractor } from './routes.extractor.js';
export { filesMountedBy, invalidateRouteIndex } from './lazy-mounts.js';
