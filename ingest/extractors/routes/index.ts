export { routesExtractor } from './routes.extractor.js';
export { filesMountedBy } from './lazy-mounts.js';
export { invalidateRouteIndex, isLoaderText, lazyTargetsOf, reachOf, routeIndexLoaderPaths } from './lazy-index.js';
export { ROUTE_HINT } from './route-arrays.js';
