export { startDashboardServer, DEFAULT_DASHBOARD_PORT, type DashboardServer, type DashboardServerOptions } from './server.js';
export { ObserverService } from './observer.service.js';
export { MetricsService, type Metrics } from './metrics.service.js';
export { statePath, type StateStep } from './state-path.js';
export { HealthService, type Health } from './health.service.js';
export { isLoopbackHostHeader, isLoopbackAddress } from './host-guard.js';
