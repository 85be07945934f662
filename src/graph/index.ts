export { Graph, readerOf, type ConnectionInfo, type ConnectionSource, type GraphReader, type GraphTx, type RunOptions } from './graph.js';
export { openGraph, resolveConnection, connectionFromEnv } from './connect.js';
export { loadQuery, type Query } from './query-registry.js';
export { migrateSchema, latestSchemaVersion } from './schema-migrator.js';
export { int, storeWholeNumbersAsIntegers, toPlain } from './values.js';
export { LocalNeo4j, NEO4J_VERSION, SHARED_INSTANCES, localLayout } from './local-neo4j/index.js';
export { ShapeRecorder, defaultShapeFile } from './statement-shapes.js';
export { firstUseGate, serverStartTime, type FirstUseGate } from './first-use-gate.js';
export { warmPlans, warmPlansOncePerServerStart, ingestMovesPlans, type WarmPlansReport } from './warm-plans.js';
