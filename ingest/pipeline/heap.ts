import { totalmem } from 'node:os';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | null | undefined;

/**
 * A full collection, for the moments a run lets go of many syntax trees at once (a streamed project's
 * trim, a one-shot run's project after the last extraction). V8 lets such garbage pile up to about
 * twice the live heap before it collects, so peak memory would not fall without it. The function is
 * the one `--expose-gc` gives, obtained at run time (as test runners do for their heap logs).
 */
export function collectGarbage(): void {
  if (gc === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc') as () => void;
    } catch {
      gc = null;
    }
  }
  gc?.();
}

/**
 * How far past what survived the last full collection V8 lets the heap grow before the next one. V8's own
 * factor for a large heap is up to 4 (about 1.5 on a large ingest); an ingest holds much that lives to the
 * end of the run (syntax trees, rows kept for the link step), so the process grew half again above it.
 */
const HEAP_GROWING_PERCENT = 20;

/**
 * Keeps an ingesting process close to its live heap: ever-gauzy's first ingest peaked at 1.15 GB instead of
 * 1.46 GB, in the same time within the noise, and kendraio's at 234–243 MB instead of 247–250 MB
 * (bench/ingest/README.md, session 43). The flag is process-wide and read by V8 at each collection, so it
 * applies from the next one on: called by the processes whose work is ingesting (the CLI's `ingest`, the daemon).
 */
export function boundHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

/**
 * The most this process's heap may hold: V8's limit (from the machine's memory or `--max-old-space-size`),
 * and no more than a container's memory limit, which V8 may not know of (`process.constrainedMemory()`
 * answers 0 or a huge number when there is none).
 */
export function heapLimitBytes(): number {
  const v8Limit = getHeapStatistics().heap_size_limit;
  const constrained = process.constrainedMemory?.() ?? 0;
  return constrained > 0 && constrained < totalmem() ? Math.min(v8Limit, constrained) : v8Limit;
}
