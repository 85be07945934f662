export { routesExtractor } from './routes.extractor.js';
export { filesMountedBy } from './lazy-mounts.js';
export { invalidateRouteIndex, lazyTargetsOf, reachOf, routeIndexLoaderPaths } from './lazy-index.js';
export { isLoaderText } from './loader-text.js';
export { ROUTE_HINT } from './route-arrays.js';
