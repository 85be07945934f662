import { createRequire } from 'node:module';

/**
 * Bolt splits every message into chunks of at most 65,535 bytes. neo4j-driver 6 fills a 1,400-byte
 * buffer and hands each one to the socket as its own write (with TCP_NODELAY: its own segment), so an
 * ingest's UNWIND batches became ~140,000 socket writes on ever-gauzy, each also read and reassembled
 * by the server. The driver has no setting for it; this makes its chunker fill 65,535-byte buffers.
 * Messages stay valid Bolt either way: only where the chunk boundaries fall changes.
 */
export const BOLT_CHUNK_BYTES = 65_535;

interface ChunkingModule {
  Chunker: new (channel: unknown, bufferSize?: number) => object;
}

let applied: boolean | undefined;

/**
 * Installs the larger chunk buffer once per process, before the driver opens a connection (every
 * connection's chunker is built through the export patched here). False when the driver's internals
 * are not what this expects (another major version): the driver then keeps its own buffer.
 */
export function useLargeBoltChunks(): boolean {
  applied ??= patchChunker();
  return applied;
}

function patchChunker(): boolean {
  try {
    // Resolved from neo4j-driver itself, so it is the copy the driver loads.
    const fromDriver = createRequire(createRequire(import.meta.url).resolve('neo4j-driver'));
    const chunking = fromDriver('neo4j-driver-bolt-connection/lib/channel/chunking.js') as Partial<ChunkingModule>;
    const Base = chunking.Chunker;
    if (typeof Base !== 'function' || Base.length !== 2) return false;
    chunking.Chunker = class LargeChunker extends Base {
      constructor(channel: unknown, bufferSize?: number) {
        super(channel, bufferSize ?? BOLT_CHUNK_BYTES);
      }
    };
    return true;
  } catch {
    return false;
  }
}
