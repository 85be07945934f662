import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteRepository, ingestRepository } from '../../ingest/index.js';
import { ConfigSchema } from '../../src/config/index.js';
import { TurnDispatcher } from '../../src/controller/turn-dispatcher.js';
import { openGraph, int, type Query } from '../../src/graph/index.js';
import { PackStore } from '../../src/pack/index.js';
import { assemblePack } from '../../src/retrieval/assemble/index.js';
import { closureExpandQuery, fileDetailsQuery, lexicalSearchQuery, symbolLookupQuery, DEFAULT_INDEX_WEIGHTS, symbolLookupParams } from '../../src/retrieval/lanes/index.js';
import { buildLexemes, buildLuceneQuery, lexemeQueryTerms } from '../../src/retrieval/lexemes/index.js';
import { createLogger, type Logger } from '../../src/runtime/logger.js';
import { WorkStore } from '../../src/session/index.js';
import { DEFAULT_GENERATE, generateWorkspace } from '../ingest/generate-workspace.js';

/**
 * `npm run bench:pack`: initialize_work p50/p95 (the real verb through the dispatcher: work, side
 * channels, assembly, pack file, ContextPack node, planGraphSchema) on the synthetic workspace
 * (default 108 features ≈ 10k files) with a warm Neo4j; pack sizes; per-query p95 of the lanes; and a
 * Cypher PROFILE summary of the slowest lane query. Goal: p95 < 500 ms.
 */
const features = Number(process.env.BENCH_FEATURES ?? DEFAULT_GENERATE.features);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 40);
const warmup = Number(process.env.BENCH_WARMUP ?? 8);
const base = createLogger(process.env.GRAPHGATE_LOG_LEVEL ? undefined : 'warn');
const timings = new Map<string, number[]>();
// Collects the per-query durations Graph logs at debug level; everything else goes to the base logger.
const log: Logger = {
  ...base,
  debug(msg, fields) {
    if (msg === 'graph query' && fields && typeof fields.query === 'string') timings.set(fields.query, [...(timings.get(fields.query) ?? []), Number(fields.ms)]);
  },
};
// BENCH_ROOT + BENCH_REPO_ID reuse a workspace ingested earlier (kept afterwards); otherwise one is generated and ingested.
const reuse = Boolean(process.env.BENCH_ROOT && process.env.BENCH_REPO_ID);
const root = reuse ? (process.env.BENCH_ROOT as string) : mkdtempSync(join(tmpdir(), 'graphgate-bench-pack-'));
const repoId = reuse ? (process.env.BENCH_REPO_ID as string) : `bench-pack-${process.pid}`;
const f = (n: number) => Math.min(features - 1, n);
// BENCH_PROMPTS_FROM=<history eval report.json> times the real commit prompts of a real repository instead.
const SYNTHETIC_PROMPTS = [
  `In the f${f(12)} grid, clicking the id should open the detail page F${f(12)}C1Component at /f${f(12)}/detail/:id`,
  `Add a status column to the grid of F${f(40)}C10Component showing the F${f(40)}M2 status`,
  `Migrate the adp-button in F${f(7)}C3Component to sdf-button`,
  `F${f(88)}S2Service load() should also return the amount of F${f(88)}M2`,
  `Show the item name in app-f${f(3)}-c5`,
  'Add a kangaroo payroll export to the invoices screen',
];
const PROMPTS: string[] = process.env.BENCH_PROMPTS_FROM
  ? (JSON.parse(readFileSync(process.env.BENCH_PROMPTS_FROM, 'utf8')) as { tasks: Array<{ prompt: string }> }).tasks.map((t) => t.prompt)
  : SYNTHETIC_PROMPTS;
const q = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0) * 10) / 10;
};

if (!reuse) process.stderr.write(`generated ${generateWorkspace(root, { ...DEFAULT_GENERATE, features })} files in ${root}; ingesting…\n`);
const graph = await openGraph({ log });
try {
  if (!reuse) await deleteRepository(graph, repoId);
  const ingest = await ingestRepository({ graph, root, log: base, settings: { repoId }, totals: false });
  process.stderr.write(`ingested ${ingest.files.seen} files in ${(ingest.timings.totalMs / 1000).toFixed(1)} s\n`);
  const config = ConfigSchema.parse({
    repo: { id: repoId }, mcp: { turnTimeoutMs: 60_000, maxMessageBytes: 4_194_304, maxJsonDepth: 64, maxRequestBytes: 1_048_576 },
    budget: { maxTokens: 100_000, thresholdPercent: 0.6 }, graph: { autoStartLocal: false },
    limits: { readMaxLines: 400, readMaxFileBytes: 2_097_152, scratchMaxBytes: 262_144, searchMaxResults: 200, traceMaxNeighbours: 100, packMaxFiles: 200 },
    gates: { defaultTimeoutSeconds: 600, profiles: {}, commitGates: {} }, recipes: { enabled: [] },
    locks: { overlapPolicy: 'reject', leaseSeconds: 900 },
  });
  const ctl = new TurnDispatcher({ config, repoRoot: root, log: base, services: async () => ({ repoId, graph, sessions: new WorkStore({ graph, repoId }), packs: new PackStore({ graph, repoId, repoRoot: root }) }) });
  const init = (i: number) => ctl.turn({ verb: 'initialize_work', originalPrompt: PROMPTS[i % PROMPTS.length] });
  for (let i = 0; i < warmup; i++) await init(i);
  timings.clear();
  const total: number[] = [];
  const outcomes: Record<string, number> = {};
  const packFiles: number[] = [];
  const packBytes: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    const r = await init(i);
    total.push(performance.now() - t);
    outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
    packFiles.push(r.contextPack?.fileCount ?? 0);
    packBytes.push(Buffer.byteLength(JSON.stringify(r)));
  }
  const assembly: number[] = [];
  const sizes: number[] = [];
  for (let i = 0; i < PROMPTS.length * 2; i++) {
    const t = performance.now();
    const a = await assemblePack({ graph, repoId, root, prompt: PROMPTS[i % PROMPTS.length] as string, fetchers: null });
    assembly.push(performance.now() - t);
    sizes.push(Buffer.byteLength(a.text));
  }
  const queries = [...timings.entries()]
    .map(([name, ms]) => ({ name, n: ms.length, p50: q(ms, 0.5), p95: q(ms, 0.95) })).sort((a, b) => b.p95 - a.p95);

  // PROFILE the slowest lane query with parameters built the way its lane builds them.
  const lexemes = buildLexemes({ prompt: PROMPTS[0] as string });
  const sample = await assemblePack({ graph, repoId, root, prompt: PROMPTS[0] as string, fetchers: null });
  const profiled: Record<string, { query: Query<Record<string, unknown>, unknown>; params: Record<string, unknown> }> = {
    'retrieval/lexical-search': { query: lexicalSearchQuery as never, params: { repoId, search: { query: buildLuceneQuery(lexemeQueryTerms(lexemes)) }, scan: int(500), perIndex: int(40), weights: DEFAULT_INDEX_WEIGHTS } },
    'retrieval/symbol-lookup': { query: symbolLookupQuery as never, params: symbolLookupParams(repoId, lexemes) },
    'retrieval/closure-expand': { query: closureExpandQuery as never, params: { repoId, seedIds: sample.pack.anchors.entrypoints.map((a) => a.id), perEdge: int(8) } },
    'retrieval/file-details': { query: fileDetailsQuery as never, params: { repoId, files: { paths: sample.pack.evidence.files.map((x) => x.path) }, maxSymbols: int(20) } },
  };
  const slowest = queries.find((x) => profiled[x.name]) ?? { name: 'retrieval/lexical-search' };
  const target = profiled[slowest.name]!;
  const { driver, database } = graph.driverForGraphQL();
  const session = driver.session({ database, defaultAccessMode: 'READ' });
  let profile: string[] = [];
  let dbHits = 0;
  try {
    const res = await session.run(`PROFILE ${target.query.text}`, target.params);
    type Plan = { operatorType: string; rows: number; dbHits: number; children: Plan[] };
    const walk = (p: Plan, depth: number): void => {
      dbHits += p.dbHits;
      profile.push(`${'  '.repeat(depth)}${p.operatorType.replace(/@.*$/, '')} rows=${p.rows} dbHits=${p.dbHits}`);
      for (const c of p.children) walk(c, depth + 1);
    };
    walk(res.summary.profile as unknown as Plan, 0);
    profile = profile.slice(0, 40);
  } finally {
    await session.close();
  }
  const report = {
    files: ingest.files.seen, features, iterations,
    initializeWork: { p50: q(total, 0.5), p95: q(total, 0.95), max: q(total, 1), goalP95: 500 },
    assemblePack: { p50: q(assembly, 0.5), p95: q(assembly, 0.95) },
    outcomes, packFiles: { min: Math.min(...packFiles), p50: q(packFiles, 0.5), max: Math.max(...packFiles) },
    responseBytes: { p50: q(packBytes, 0.5), max: Math.max(...packBytes) }, packFileBytes: { p50: q(sizes, 0.5), max: Math.max(...sizes) },
    queries, slowestLane: { name: slowest.name, dbHits, plan: profile },
  };
  const lines = [
    `pack benchmark — ${report.files} files (features=${features}), ${iterations} initialize_work turns after ${warmup} warm-up`,
    `  initialize_work:  p50 ${report.initializeWork.p50} ms   p95 ${report.initializeWork.p95} ms   max ${report.initializeWork.max} ms   (goal p95 < 500)`,
    `  assemblePack:     p50 ${report.assemblePack.p50} ms   p95 ${report.assemblePack.p95} ms`,
    `  outcomes: ${JSON.stringify(outcomes)}   pack files p50 ${report.packFiles.p50} (max ${report.packFiles.max})   pack file p50 ${Math.round(report.packFileBytes.p50 / 1024)} KB   response p50 ${Math.round(report.responseBytes.p50 / 1024)} KB (max ${Math.round(report.responseBytes.max / 1024)} KB)`,
    '  per query (p50 / p95 ms):',
    ...queries.map((x) => `    ${x.name.padEnd(34)} ${String(x.p50).padStart(7)} ${String(x.p95).padStart(7)}   n=${x.n}`),
    `  PROFILE of the slowest lane query (${slowest.name}), ${dbHits} db hits:`,
    ...profile.map((l) => `    ${l}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n${JSON.stringify(report)}\n`);
  if (process.env.BENCH_OUT) appendFileSync(process.env.BENCH_OUT, `${JSON.stringify({ at: new Date().toISOString(), bench: 'pack', ...report })}\n`);
  if (!reuse) await deleteRepository(graph, repoId);
} finally {
  await graph.close();
  if (!reuse) rmSync(root, { recursive: true, force: true });
}
