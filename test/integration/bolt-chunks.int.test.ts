import { Socket } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Graph } from '../../src/graph/graph.js';
import { BOLT_CHUNK_BYTES } from '../../src/graph/bolt-chunks.js';
import { openTestGraph } from '../support/graph.js';
import { echoTexts } from '../support/queries.js';

/** The chunker class the driver builds its connections with (resolved from the driver, as bolt-chunks.ts does). */
function driverChunker(): { name: string } {
  const fromDriver = createRequire(createRequire(import.meta.url).resolve('neo4j-driver'));
  return (fromDriver('neo4j-driver-bolt-connection/lib/channel') as { Chunker: { name: string } }).Chunker;
}

/** Calls `work` and counts the socket writes made while it runs (every socket of the process). */
async function countSocketWrites<T>(work: () => Promise<T>): Promise<{ result: T; writes: number; bytes: number }> {
  const original = Socket.prototype.write;
  let writes = 0;
  let bytes = 0;
  Socket.prototype.write = function (this: Socket, chunk: unknown, ...rest: unknown[]) {
    writes++;
    bytes += Buffer.isBuffer(chunk) ? chunk.length : String(chunk).length;
    return (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof original;
  try {
    return { result: await work(), writes, bytes };
  } finally {
    Socket.prototype.write = original;
  }
}

describe('Bolt messages in 64 KB chunks (real Neo4j)', () => {
  let graph: Graph;

  beforeAll(async () => {
    graph = openTestGraph();
    await graph.read(echoTexts, { texts: ['warm'] }); // the connection is open before counting
  });
  afterAll(async () => {
    await graph.close();
  });

  it('the driver builds its connections with the larger chunker once a Graph exists', () => {
    expect(driverChunker().name).toBe('LargeChunker');
  });

  it('sends a 1.2 MB parameter in a handful of socket writes, and the server gets every character', async () => {
    // Multi-byte characters at every offset, so chunk boundaries fall inside UTF-8 sequences too.
    const texts = Array.from({ length: 30 }, (_, i) => `${'é'.repeat(i)}${'x€'.repeat(10_000)}${'🙂'.repeat(i)}`);
    const chars = texts.reduce((n, t) => n + [...t].length, 0);
    const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t), 0);
    const { result, writes } = await countSocketWrites(() => graph.read(echoTexts, { texts }));
    expect(result[0]?.chars).toBe(chars);
    expect(result[0]?.texts).toEqual(texts);
    // The driver's own 1,400-byte buffers took one write per 1,400 bytes (863 here); 64 KB buffers about twenty.
    expect(bytes).toBeGreaterThan(1_200_000);
    expect(writes).toBeLessThanOrEqual(Math.ceil(bytes / BOLT_CHUNK_BYTES) + 10);
  });
});
