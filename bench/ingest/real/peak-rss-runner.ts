import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * `node peak-rss-runner.js <usage.json> <script> [args…]`: runs <script> in this process as if it
 * had been started directly, and on exit writes this process's own peak RSS and CPU to <usage.json>.
 * getrusage of the process itself is exact, where polling /proc from the parent misses short peaks.
 */
const [usageFile, script, ...args] = process.argv.slice(2);
if (!usageFile || !script) throw new Error('usage: peak-rss-runner <usage.json> <script> [args…]');
process.argv = [process.argv[0] as string, script, ...args];
process.on('exit', (code) => {
  const usage = process.resourceUsage();
  writeFileSync(usageFile, JSON.stringify({ code, maxRssKb: usage.maxRSS, cpuMs: Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000) }));
});
await import(pathToFileURL(script).href);
