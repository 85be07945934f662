import { readFileSync } from 'node:fs';

/** User + system CPU time of a live process in ms, from /proc (Linux; throws elsewhere or once it is gone). */
export function procCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After the `(comm)` part, utime and stime are the 12th and 13th fields (fields 14 and 15 of the whole
  // line), in clock ticks: 100 per second on Linux.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
