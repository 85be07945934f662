export { LocalNeo4j, type LocalStatus, type StartResult } from './local-neo4j.js';
export { NEO4J_VERSION, SHARED_INSTANCES, graphgateHome, localLayout, type LocalLayout } from './layout.js';
