import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * A holder id for a lock or claim kept in the graph: `host:pid:random`, unique per call, so a holder on
 * this host can be found dead by its pid (the ingest lock's takeover) and a person can tell who held it.
 */
export function newHolderId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(6).toString('hex')}`;
}

/** Whether a process with this pid exists on this host (EPERM: it exists but belongs to someone else). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
  return !isZombie(pid);
}

/** Linux: a killed process its parent has not reaped yet still answers kill(pid, 0), but it is dead (state Z). */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}
