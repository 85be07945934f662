export { routesExtractor } from './routes.extractor.js';
export { filesMountedBy, invalidateRouteIndex } from './lazy-mounts.js';
export { ROUTE_HINT } from './route-arrays.js';
