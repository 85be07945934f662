export { routesExtractor } from './routes.extractor.js';
export { invalidateRouteIndex } from './lazy-mounts.js';
