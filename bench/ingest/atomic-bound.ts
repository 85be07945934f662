import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTsProjectCache, deleteRepository, ingestRepository } from '../../ingest/index.js';
import { loadQuery, localLayout, openGraph, type Graph } from '../../src/graph/index.js';
import { createLogger } from '../../src/runtime/logger.js';
import { DEFAULT_GENERATE, generateWorkspace } from './generate-workspace.js';

/**
 * `npm run build && node dist/bench/ingest/atomic-bound.js`: how an incremental run of N changed
 * files behaves written in ONE transaction (replace + link, ingest/write/replace-and-link.ts) against
 * batched (bounded transactions, then the link step), on the synthetic workspace: wall time, write+link
 * time, the largest heap estimate of the server's transaction (SHOW TRANSACTIONS) and the server's
 * used heap (jstat, local instance). Every changed component gets a line prepended, so all its
 * line-based ids move (the most churn an edit can cause). Picks `atomicMaxFiles` (ingest/README.md).
 * BENCH_FEATURES (default 108 ≈ 10,150 files), BENCH_SIZES (default 1,10,100,500,1000,2500,5000,all).
 */
const features = Number(process.env.BENCH_FEATURES ?? DEFAULT_GENERATE.features);
const log = createLogger('warn');
const txMemory = loadQuery<Record<string, never>, { heapBytes: number; transactions: number }>('bench/transaction-memory.cypher');
const run = promisify(execFile);
const mb = (bytes: number): number => Math.round(bytes / 1024 / 1024);

function listFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) listFiles(full, out);
    else out.push(full);
  }
  return out;
}

/** Used heap of the local server in bytes (jstat: survivor + eden + old), or null. */
async function serverHeapUsed(): Promise<number | null> {
  if (process.env.NEO4J_URI) return null;
  try {
    const pid = readFileSync(localLayout().pidFile, 'utf8').trim();
    const { stdout } = await run('jstat', ['-gc', pid]);
    const [head, values] = stdout.trim().split('\n').map((l) => l.trim().split(/\s+/));
    const at = (name: string): number => Number(values?.[head?.indexOf(name) ?? -1] ?? 0);
    return (at('S0U') + at('S1U') + at('EU') + at('OU')) * 1024;
  } catch {
    return null;
  }
}

/** Polls transaction memory and server heap while `work` runs; returns their peaks. */
async function watchPeaks<T>(graph: Graph, work: () => Promise<T>): Promise<{ result?: T; error?: string; txHeapMb: number; serverHeapMb: number | null }> {
  let stop = false;
  let tx = 0;
  let heap: number | null = null;
  const pollTx = (async () => {
    while (!stop) {
      const [row] = await graph.read(txMemory, {}).catch(() => []);
      tx = Math.max(tx, row?.heapBytes ?? 0);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const pollHeap = (async () => {
    while (!stop) {
      const used = await serverHeapUsed();
      if (used !== null) heap = Math.max(heap ?? 0, used);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  try {
    return { result: await work(), txHeapMb: mb(tx), serverHeapMb: heap === null ? null : mb(heap) };
  } catch (error) {
    return { error: String((error as Error).message ?? error).slice(0, 200), txHeapMb: mb(tx), serverHeapMb: heap === null ? null : mb(heap) };
  } finally {
    stop = true;
    await Promise.all([pollTx, pollHeap]);
  }
}

const root = mkdtempSync(join(tmpdir(), 'graphgate-atomic-bound-'));
const repoId = `bench-atomic-${process.pid}`;
const generated = generateWorkspace(root, { ...DEFAULT_GENERATE, features });
const components = listFiles(join(root, 'src')).filter((f) => f.endsWith('.component.ts')).sort();
const sizes = (process.env.BENCH_SIZES ?? '1,10,100,500,1000,2500,5000,all').split(',').map((s) => (s === 'all' ? components.length : Number(s)));
process.stderr.write(`generated ${generated} files (${components.length} components) in ${root}\n`);

const graph = await openGraph({ log });
let round = 0;
try {
  await deleteRepository(graph, repoId);
  const projectCache = createTsProjectCache();
  await ingestRepository({ graph, root, log, settings: { repoId }, projectCache, totals: false });
  // The first incremental run after a full one plans its statements (0.5-1.4 s, ingest/README.md): not measured.
  writeFileSync(components[0] as string, `// warm-up\n${readFileSync(components[0] as string, 'utf8')}`);
  await ingestRepository({ graph, root, log, settings: { repoId }, projectCache, totals: false });
  const rows = [];
  for (const size of sizes) {
    for (const mode of ['atomic', 'batched'] as const) {
      round++;
      for (const file of components.slice(0, size)) writeFileSync(file, `// edit ${round}\n${readFileSync(file, 'utf8')}`);
      const started = performance.now();
      const bound = mode === 'atomic' ? { atomicMaxFiles: 1_000_000, atomicMaxRows: 10_000_000 } : { atomicMaxFiles: 0 };
      const peaks = await watchPeaks(graph, () => ingestRepository({ graph, root, log, settings: { repoId, ...bound }, projectCache, totals: false }));
      const s = peaks.result;
      const row = {
        files: size, mode, writeMode: s?.writeMode ?? null, parsed: s?.files.parsed ?? null, rows: s?.writeRows ?? null, totalMs: Math.round(performance.now() - started),
        writeMs: s?.timings.writeMs ?? null, linkMs: s?.timings.linkMs ?? null, parseMs: s?.timings.parseMs ?? null,
        txHeapMb: peaks.txHeapMb, serverHeapMb: peaks.serverHeapMb, ...(peaks.error ? { error: peaks.error } : {}),
      };
      rows.push(row);
      process.stdout.write(`${JSON.stringify(row)}\n`);
      // A failed run left `Repo.writing` set: the next run re-extracts everything; start the next size clean.
      if (peaks.error) await ingestRepository({ graph, root, log, settings: { repoId, atomicMaxFiles: 0 }, projectCache, totals: false });
    }
  }
  // One changed file as a watcher or apply_code_patch reports it (changedPaths), the two modes alternating
  // so that the load of a shared machine falls on both alike.
  const oneFile: Record<'atomic' | 'batched', number[]> = { atomic: [], batched: [] };
  const target = components[1] as string;
  const relative = target.slice(root.length + 1);
  for (let i = 0; i < 2 * Number(process.env.BENCH_ONE_FILE_RUNS ?? 20); i++) {
    const mode = i % 2 === 0 ? 'atomic' : 'batched';
    writeFileSync(target, `// one ${i}\n${readFileSync(target, 'utf8')}`);
    const s = await ingestRepository({ graph, root, log, settings: { repoId, atomicMaxFiles: mode === 'atomic' ? 1000 : 0 }, projectCache, changedPaths: [relative], totals: false });
    oneFile[mode].push(s.timings.totalMs);
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const p90 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)] ?? 0;
  process.stdout.write(`one changed file (changedPaths, warm project), ${oneFile.atomic.length} runs each: atomic median ${median(oneFile.atomic)} ms, p90 ${p90(oneFile.atomic)} ms | batched median ${median(oneFile.batched)} ms, p90 ${p90(oneFile.batched)} ms\n`);
  process.stdout.write(`files | mode | rows | total ms | write ms | link ms | peak tx heap MB | peak server heap MB | error\n`);
  for (const r of rows) process.stdout.write(`${r.files} | ${r.mode} | ${r.rows} | ${r.totalMs} | ${r.writeMs} | ${r.linkMs} | ${r.txHeapMb} | ${r.serverHeapMb ?? 'n/a'} | ${r.error ?? ''}\n`);
  await deleteRepository(graph, repoId);
} finally {
  await graph.close();
  rmSync(root, { recursive: true, force: true });
}
