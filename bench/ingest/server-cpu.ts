import { readFileSync } from 'node:fs';
import { localLayout } from '../../src/graph/index.js';
import { procCpuMs } from '../proc-cpu.js';

/**
 * CPU time of the local Neo4j server (user + system, ms) from /proc, so the benchmark can say how
 * much of a run the server itself spent writing. Undefined when the server is not the local
 * instance (NEO4J_URI set) or /proc is unavailable.
 */
export function serverCpuMs(): number | undefined {
  if (process.env.NEO4J_URI) return undefined;
  try {
    const ms = procCpuMs(Number(readFileSync(localLayout().pidFile, 'utf8').trim()));
    return Number.isFinite(ms) ? ms : undefined;
  } catch {
    return undefined;
  }
}
