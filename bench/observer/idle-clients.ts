import { openSse } from './sse-client.js';

/**
 * Child process of the observer benchmark: opens N event streams to the console, prints `ready` once all
 * are connected, and closes them when its stdin ends, printing the bytes they received. It runs apart so
 * the parent's CPU reading holds the server only, not the clients.
 * Usage: node idle-clients.js <consoleUrl> <n>
 */
const [url, count] = process.argv.slice(2);
if (!url || !count) throw new Error('usage: idle-clients.js <consoleUrl> <n>');
const clients = Array.from({ length: Number(count) }, () => openSse(url));
await Promise.all(clients.map((c) => c.connected));
process.stdout.write('ready\n');
process.stdin.resume();
process.stdin.on('end', () => {
  const bytes = clients.reduce((sum, c) => sum + c.bytes, 0);
  for (const c of clients) c.close();
  process.stdout.write(`${JSON.stringify({ bytes })}\n`);
  process.exit(0);
});
