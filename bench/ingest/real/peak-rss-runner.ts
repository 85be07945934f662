import { writeFileSync } from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { getHeapSpaceStatistics } from 'node:v8';
import type { ChildUsage, GcUsage } from './measured-child.js';

/**
 * `node peak-rss-runner.js <usage.json> <script> [args…]`: runs <script> in this process as if it
 * had been started directly, and on exit writes this process's own peak RSS and CPU to <usage.json>.
 * getrusage of the process itself is exact, where polling /proc from the parent misses short peaks.
 * It also writes the garbage collector's pauses by kind and the largest young generation seen: on the
 * monorepo a fifth of the run is collection, and Node versions size the young generation differently.
 */
const [usageFile, script, ...args] = process.argv.slice(2);
if (!usageFile || !script) throw new Error('usage: peak-rss-runner <usage.json> <script> [args…]');
process.argv = [process.argv[0] as string, script, ...args];

const gc: GcUsage = { minor: { count: 0, ms: 0 }, major: { count: 0, ms: 0 }, other: { count: 0, ms: 0 }, youngGenerationMb: 0 };
const youngGenerationMb = (): number => (getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0) / 2 ** 20;
const count = (entries: PerformanceEntry[]): void => {
  for (const entry of entries) {
    const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
    const into = kind === constants.NODE_PERFORMANCE_GC_MINOR ? gc.minor : kind === constants.NODE_PERFORMANCE_GC_MAJOR ? gc.major : gc.other;
    into.count++;
    into.ms += entry.duration;
  }
  gc.youngGenerationMb = Math.max(gc.youngGenerationMb, youngGenerationMb());
};
// Node 24 hands GC entries to observers between event-loop turns (takeRecords at exit does not see the queued
// ones): a collection in the last synchronous stretch before exit can be missed. The CLI yields often.
const observer = new PerformanceObserver((list) => count(list.getEntries()));
observer.observe({ entryTypes: ['gc'] });

process.on('exit', (code) => {
  count(observer.takeRecords());
  const usage = process.resourceUsage();
  const round = (c: { count: number; ms: number }) => ({ count: c.count, ms: Math.round(c.ms) });
  const gcOut: GcUsage = { minor: round(gc.minor), major: round(gc.major), other: round(gc.other), youngGenerationMb: Math.round(gc.youngGenerationMb) };
  const out: ChildUsage = { code, maxRssKb: usage.maxRSS, cpuMs: Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000), gc: gcOut, node: process.version };
  writeFileSync(usageFile, JSON.stringify(out));
});
await import(pathToFileURL(script).href);
