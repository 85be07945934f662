import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../errors/index.js';
import type { Logger } from '../runtime/logger.js';
import { packageRoot } from '../runtime/package-root.js';
import type { Graph } from './graph.js';
import { loadQuery } from './query-registry.js';
import { skeletonOf, type ParamType } from './query-shapes.js';
import { readQueryShapes } from './shape.queries.js';
import { int } from './values.js';

export interface WarmupResult {
  /** Shapes planned with EXPLAIN. */
  planned: number;
  /** Shapes whose EXPLAIN failed (the query changed since; its next real run plans it). */
  failed: number;
  /** Shapes of queries this build does not have, or with unreadable parameter types. */
  skipped: number;
  /** Shapes left when the time budget ran out. */
  left: number;
  ms: number;
}

const SHAPES_READ = 2_000;
const QUERY_NAME = /^[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)+$/;

/** The registry query a recorded shape names, when this build has it (names come from the graph: never a path). */
function queryNamed(name: string): ReturnType<typeof loadQuery> | undefined {
  if (!QUERY_NAME.test(name) || !existsSync(join(packageRoot(), 'cypher', `${name}.cypher`))) return undefined;
  try {
    return loadQuery(`${name}.cypher`);
  } catch {
    return undefined;
  }
}

function paramsOf(json: string): Record<string, unknown> | undefined {
  try {
    const value = skeletonOf(JSON.parse(json) as ParamType);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Re-plans, one at a time, the query shapes processes recorded (query-shapes.ts), oldest first, so that
 * the first ingests and turns after a server start find their plans cached. Run by whoever started the
 * server, once: eight agent processes re-planning at once on two cores cost more than planning on
 * demand (src/graph/README.md). Stops when `budgetMs` is spent; never throws for one shape.
 */
export async function warmQueryPlans(graph: Graph, options: { budgetMs: number; log: Logger }): Promise<WarmupResult> {
  const started = performance.now();
  const shapes = await graph.read(readQueryShapes, { limit: int(SHAPES_READ) });
  const result = await replayShapes(graph, shapes, { ...options, budgetMs: options.budgetMs - (performance.now() - started) });
  return { ...result, ms: Math.round(performance.now() - started) };
}

/** EXPLAINs each shape with a skeleton of its parameters, within the budget. */
export async function replayShapes(graph: Graph, shapes: ReadonlyArray<{ name: string; params: string }>, options: { budgetMs: number; log: Logger }): Promise<WarmupResult> {
  const started = performance.now();
  const result: WarmupResult = { planned: 0, failed: 0, skipped: 0, left: 0, ms: 0 };
  for (const [index, shape] of shapes.entries()) {
    const elapsed = performance.now() - started;
    if (elapsed >= options.budgetMs) {
      result.left = shapes.length - index;
      break;
    }
    const query = queryNamed(shape.name);
    const params = paramsOf(shape.params);
    if (!query || !params) {
      result.skipped += 1;
      continue;
    }
    try {
      await graph.explain(query, params, { timeoutMs: Math.max(1_000, options.budgetMs - elapsed) });
      result.planned += 1;
    } catch (error) {
      if (error instanceof AppError && error.code === 'GRAPH_UNAVAILABLE') {
        result.left = shapes.length - index;
        break;
      }
      result.failed += 1;
      options.log.debug('query plan not warmed', { query: shape.name, cause: String((error as Error).message ?? error) });
    }
  }
  result.ms = Math.round(performance.now() - started);
  return result;
}
