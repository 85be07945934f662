export { startDashboardServer, DEFAULT_DASHBOARD_PORT, type DashboardServer, type DashboardServerOptions } from './server.js';
export { ObserverService, type Metrics } from './observer.service.js';
export { HealthService, type Health } from './health.service.js';
export { isLoopbackHostHeader, isLoopbackAddress } from './host-guard.js';
