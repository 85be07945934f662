import { readFileSync } from 'node:fs';
import { localLayout } from '../../src/graph/index.js';

/**
 * CPU time of the local Neo4j server (user + system, ms) from /proc, so the benchmark can say how
 * much of a run the server itself spent writing. Undefined when the server is not the local
 * instance (NEO4J_URI set) or /proc is unavailable.
 */
export function serverCpuMs(): number | undefined {
  if (process.env.NEO4J_URI) return undefined;
  try {
    const pid = readFileSync(localLayout().pidFile, 'utf8').trim();
    // Fields after the `(comm)` part: utime and stime are the 12th and 13th (clock ticks, 100/s on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}
