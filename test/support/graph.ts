import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { Graph } from '../../src/graph/graph.js';
import { readShapes, ShapeRecorder, type StatementShape } from '../../src/graph/statement-shapes.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { deleteNamespace } from './queries.js';

/** A Graph on the suite's real Neo4j (see global-setup.ts). */
export function openTestGraph(): Graph {
  return new Graph({ connection: inject('neo4j'), log: silentLogger });
}

/** A unique repoId namespace for one test file; everything it writes carries it. */
export function testNamespace(label: string): string {
  return `test-${label}-${randomBytes(4).toString('hex')}`;
}

/** Deletes every node of a namespace. */
export async function cleanNamespace(graph: Graph, repoId: string): Promise<void> {
  await graph.write(deleteNamespace, { repoId });
}

/** Runs `work` on a Graph that records each registry statement's parameter shape, and returns the shapes it ran. */
export async function recordedShapes(work: (graph: Graph) => Promise<void>): Promise<StatementShape[]> {
  const dir = mkdtempSync(join(tmpdir(), 'gg-shapes-'));
  try {
    const graph = new Graph({ connection: inject('neo4j'), log: silentLogger, shapes: new ShapeRecorder(join(dir, 'shapes.json'), 60_000) });
    try {
      await work(graph);
    } finally {
      await graph.close(); // stores the shapes
    }
    return readShapes(join(dir, 'shapes.json'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
