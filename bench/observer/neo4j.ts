import { connectionFromEnv, LocalNeo4j, openGraph, SHARED_INSTANCES, type Graph } from '../../src/graph/index.js';
import type { Logger } from '../../src/runtime/logger.js';

export interface BenchDatabase {
  graph: Graph;
  describe: string;
  /** The local server's pid (its CPU is read from /proc), null with NEO4J_URI. */
  serverPid: number | null;
  /** Closes the driver; with stop, stops the instance if this run started it (never one that already ran). */
  release(stop: boolean): Promise<void>;
}

/** NEO4J_URI when set, else the benchmark's own local instance, started on demand. */
export async function provisionBenchNeo4j(instance: string, log: Logger): Promise<BenchDatabase> {
  const fromEnv = connectionFromEnv();
  if (fromEnv) {
    const graph = await openGraph({ log });
    return { graph, describe: `NEO4J_URI ${fromEnv.uri}`, serverPid: null, release: () => graph.close() };
  }
  if (SHARED_INSTANCES.has(instance)) throw new Error(`--instance ${instance}: the observer benchmark runs on its own instance, never "default" or "test"`);
  const local = new LocalNeo4j({ log, instance });
  const started = await local.start();
  const graph = await openGraph({ log, instance });
  return {
    graph, serverPid: started.status.pid,
    describe: `local instance "${instance}" at ${started.status.boltUri}${started.alreadyRunning ? '' : ` (started in ${(started.startMs / 1000).toFixed(1)} s)`}`,
    release: async (stop) => {
      await graph.close();
      if (stop && !started.alreadyRunning) await local.stop();
    },
  };
}
