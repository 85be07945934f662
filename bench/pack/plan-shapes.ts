import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import { wholeAtLeast } from '../cli-args.js';
import { ingestRepository } from '../../ingest/index.js';
import { loadConfig } from '../../src/config/index.js';
import { buildEvalPack } from '../../src/eval/pack-adapter.js';
import { openGraph } from '../../src/graph/index.js';
import { readShapes } from '../../src/graph/statement-shapes.js';
import { createLogger } from '../../src/runtime/logger.js';

/**
 * How many plans a real repository's prompts cost: packs for the subjects of its last commits (the
 * eval's prompts), each one's time, and the statement shapes they ran (Neo4j plans each shape apart).
 * `--clear-plan-cache` first empties the server's plan cache, so every new shape pays its planning, as
 * after a server start or a replan. Ingests the repository first (fast when the graph already holds it).
 */
const program = new Command('plan-shapes')
  .requiredOption('--repo <path>', 'a git repository')
  .option('--repo-id <id>', 'graph namespace (default: plan-shapes-<folder name>)')
  .option('--prompts <n>', 'subjects of the last n commits (merges skipped)', wholeAtLeast(1), 40)
  .option('--clear-plan-cache', 'CALL db.clearQueryCaches() before the first pack')
  .parse();
const o = program.opts<{ repo: string; repoId?: string; prompts: number; clearPlanCache?: boolean }>();
const root = resolve(o.repo);
const repoId = o.repoId ?? `plan-shapes-${root.split('/').pop()}`;
const prompts = execFileSync('git', ['-C', root, 'log', '--no-merges', '--format=%s', `-${o.prompts}`], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);

const log = createLogger('warn');
const shapesDir = mkdtempSync(join(tmpdir(), 'gg-plan-shapes-'));
process.env.GRAPHGATE_STATEMENT_SHAPES = join(shapesDir, 'shapes.json');
const graph = await openGraph({ log, recordShapes: true });
let open = true;
try {
  await ingestRepository({ graph, root, log, settings: { repoId } });
  if (o.clearPlanCache) {
    const { driver, database } = graph.driverForGraphQL();
    await driver.executeQuery('CALL db.clearQueryCaches()', {}, { database });
  }
  const config = loadConfig({ repoRoot: root }).config;
  const ms: number[] = [];
  for (const prompt of prompts) {
    const started = performance.now();
    await buildEvalPack({ graph, repoId, repoRoot: root, config, prompt, lexemes: [] });
    ms.push(Math.round(performance.now() - started));
  }
  await graph.close(); // stores the recorded shapes
  open = false;
  const perStatement = new Map<string, number>();
  for (const s of readShapes(process.env.GRAPHGATE_STATEMENT_SHAPES)) {
    if (!s.query.startsWith('ingest/')) perStatement.set(s.query, (perStatement.get(s.query) ?? 0) + 1);
  }
  const total = ms.reduce((a, b) => a + b, 0);
  console.log(`${prompts.length} packs on ${root} (${repoId}): total ${total} ms, first ${ms[0]} ms, the rest ${total - (ms[0] ?? 0)} ms, slowest after the first ${Math.max(0, ...ms.slice(1))} ms`);
  console.log(`per pack (ms): ${ms.join(' ')}`);
  console.log(`statement shapes outside the ingest: ${[...perStatement.values()].reduce((a, b) => a + b, 0)} for ${perStatement.size} statements`);
  for (const [query, n] of [...perStatement.entries()].filter(([, n]) => n > 1).sort()) console.log(`  ${query}: ${n} shapes`);
  console.log(`reproduce: node dist/bench/pack/plan-shapes.js --repo ${o.repo} --repo-id ${repoId} --prompts ${o.prompts}${o.clearPlanCache ? ' --clear-plan-cache' : ''} (Neo4j: NEO4J_URI or GRAPHGATE_NEO4J_INSTANCE=${process.env.GRAPHGATE_NEO4J_INSTANCE ?? 'default'})`);
} finally {
  if (open) await graph.close();
  rmSync(shapesDir, { recursive: true, force: true });
}
