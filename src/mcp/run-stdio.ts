import { realpathSync } from 'node:fs';
import { preloadParsers } from '../../ingest/index.js';
import { loadConfig } from '../config/index.js';
import { resolveRepoId } from '../config/repo-id.js';
import { TurnDispatcher, type ControllerServices } from '../controller/turn-dispatcher.js';
import { openGraph, type Graph } from '../graph/index.js';
import { PackStore } from '../pack/index.js';
import { processClock } from '../runtime/clock.js';
import type { Logger } from '../runtime/logger.js';
import { WorkStore } from '../session/index.js';
import { LineStdioTransport } from './line-stdio.transport.js';
import { createMcpServer } from './mcp-server.js';
import { preloadParsersOnAcceptedPlan } from './parser-preload.js';
import { RepoKeeper } from './repo-keeper.js';
import { WatchLeadership } from './watch-leadership.js';

export interface RunStdioOptions {
  repo: string;
  log: Logger;
  version: string;
}

/**
 * Wires config → dispatcher (graph connected lazily on the first tools/call) → MCP server → stdio,
 * and shuts down cleanly on stdin EOF, SIGTERM or SIGINT (closing the Neo4j driver).
 */
export async function runStdioServer(options: RunStdioOptions): Promise<void> {
  const repoRoot = realpathSync(options.repo);
  const { config, sources } = loadConfig({ repoRoot });
  const { log } = options;
  let graph: Graph | undefined;
  let keeper: RepoKeeper | undefined;
  const services = async (): Promise<ControllerServices> => {
    const repoId = await resolveRepoId(repoRoot, config);
    graph = await openGraph({ log, autoStart: config.graph.autoStartLocal, recordShapes: true });
    // A turn waits for an ingest at most until shortly before its own timeout, then answers REPO_INGESTING.
    const waitMs = Math.max(0, Math.min(config.mcp.ingestWaitMs, config.mcp.turnTimeoutMs - 2_000));
    // One of the servers on this checkout watches it; the others rely on that one (watch-leadership.ts).
    const leadership = WatchLeadership.forRepository(repoRoot, repoId, graph.connection);
    keeper = new RepoKeeper({ graph, repoRoot, repoId, log, autoIngest: config.mcp.autoIngest, watch: config.mcp.watch, waitMs, leadership });
    return { repoId, graph, keeper, sessions: new WorkStore({ graph, repoId, rejectionThreshold: config.memory.rejectionThreshold, scaffoldFromRejections: config.memory.enableAutoScaffoldFromRejections }), packs: new PackStore({ graph, repoId, repoRoot }) };
  };
  const dispatcher = new TurnDispatcher({ config, repoRoot, log, services, now: processClock() });
  const server = createMcpServer({ handler: dispatcher, version: options.version });
  const transport = new LineStdioTransport({
    maxLineBytes: config.mcp.maxMessageBytes,
    maxDepth: config.mcp.maxJsonDepth,
    onProtocolError: (info) => log.warn('protocol error', info),
  });

  let stopping = false;
  const shutdown = async (why: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log.info('mcp server stopping', { why });
    await server.close().catch(() => undefined);
    // Turns answered while the graph was away: one last try (bounded); the spool keeps the rest for the next process.
    if (dispatcher.turnLog.outbox.size > 0) {
      await Promise.race([dispatcher.turnLog.outbox.flush(), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    }
    await dispatcher.settled(2_000);
    dispatcher.turnLog.outbox.close();
    await keeper?.close().catch(() => undefined);
    await graph?.close().catch(() => undefined);
    process.exit(0);
  };
  server.onclose = () => void shutdown('transport closed');
  server.onerror = (error) => log.warn('mcp error', { message: error.message });
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.stdout.on('error', () => void shutdown('stdout closed'));

  preloadParsersOnAcceptedPlan(dispatcher.events, preloadParsers, log);
  await server.connect(transport);
  log.info('mcp server ready', { repoRoot, config: sources });
}
