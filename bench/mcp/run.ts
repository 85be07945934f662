import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { connectionFromEnv, openGraph, loadQuery } from '../../src/graph/index.js';
import { packageRoot } from '../../src/runtime/package-root.js';
import { ingestRepository } from '../../ingest/index.js';
import { createLogger } from '../../src/runtime/logger.js';

/**
 * `npm run bench:mcp`: p50/p95 latency over stdio (SDK client → spawned `graphgate mcp`) of a denied
 * turn and of each pack-scoped read verb, against a warm Neo4j. Uses NEO4J_URI when set, else the
 * local managed instance. A small Angular workspace is generated and ingested before any timing, so
 * initialize_work assembles a real pack and the read verbs are measured on files inside it.
 */
const deleteNamespace = loadQuery<{ repoId: string }, { deleted: number }>('test-support/delete-namespace.cypher');

const iterations = Number(process.env.BENCH_ITERATIONS ?? 200);
const fileCount = Number(process.env.BENCH_FILES ?? 60);
const log = createLogger('warn');
const repoId = `bench-mcp-${process.pid}`;
const root = join(realpathSync(mkdtempSync(join(tmpdir(), 'graphgate-bench-mcp-'))), 'repo');

const files = Array.from({ length: fileCount }, (_, i) => {
  const path = `src/app/feature-${i % 6}/widget-${i}.component.ts`;
  const header = [
    `import { Component } from '@angular/core';`,
    `import { WidgetService } from '../widget.service';`,
    `@Component({ selector: 'app-widget-${i}', template: '<div class="widget">{{ title }}</div>' })`,
    `export class Widget${i}Component {`,
    `  title = 'widget ${i}';`,
    `  constructor(private readonly widgets: WidgetService) {}`,
  ];
  const body = [...header, ...Array.from({ length: 113 }, (_, l) => `  // line ${l} of widget ${i} uses WidgetService`), '}'].join('\n');
  return { path, body, name: `Widget${i}Component` };
});
files.push({
  path: 'src/app/widget.service.ts',
  body: `import { Injectable } from '@angular/core';\n@Injectable({ providedIn: 'root' })\nexport class WidgetService {\n  load(id: number): string { return 'widget ' + id; }\n}\n`,
  name: 'WidgetService',
});
for (const f of files) {
  mkdirSync(dirname(join(root, f.path)), { recursive: true });
  writeFileSync(join(root, f.path), f.body);
}

const graph = await openGraph({ log });
const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', GRAPHGATE_REPO_ID: repoId, GRAPHGATE_LOG_LEVEL: 'warn' };
const conn = connectionFromEnv() ?? graph.connection;
Object.assign(env, { NEO4J_URI: conn.uri, NEO4J_USERNAME: conn.username, NEO4J_PASSWORD: conn.password });
const client = new Client({ name: 'bench', version: '1' });
try {
  await ingestRepository({ graph, root, log, settings: { repoId } });
  const main = join(packageRoot(), 'dist', 'src', 'cli', 'main.js');
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [main, 'mcp', '--repo', root], env, stderr: 'inherit' }));
  const turn = async (args: Record<string, unknown>) => (await client.callTool({ name: 'controller_turn', arguments: args })).structuredContent as Record<string, unknown>;
  const init = await turn({ verb: 'initialize_work', originalPrompt: 'widget feature', args: { lexemes: ['widget'] } });
  const ids = { workId: init.workId, agentId: init.agentId };
  const scenarios: Record<string, () => Record<string, unknown>> = {
    'denied (retired verb)': () => ({ verb: 'list_scoped_files', ...ids }),
    'denied (bad args)': () => ({ verb: 'read_file_lines', ...ids, args: { filePath: '../etc/passwd' } }),
    read_file_lines: () => ({ verb: 'read_file_lines', ...ids, args: { filePath: files[7]!.path, startLine: 1, endLine: 60 } }),
    lookup_symbol_definition: () => ({ verb: 'lookup_symbol_definition', ...ids, args: { symbol: 'Widget7Component' } }),
    trace_symbol_graph: () => ({ verb: 'trace_symbol_graph', ...ids, args: { filePath: files[7]!.path } }),
    search_codebase_text: () => ({ verb: 'search_codebase_text', ...ids, args: { query: 'Widget7Component' } }),
    write_scratch_file: () => ({ verb: 'write_scratch_file', ...ids, args: { relativePath: 'bench/note.md', content: 'x'.repeat(512) } }),
  };
  for (const [name, make] of Object.entries(scenarios)) {
    for (let i = 0; i < 20; i++) {
      const response = await turn(make());
      // A read scenario that is denied would measure the deny path, not the verb.
      if (!name.startsWith('denied') && response.outcome !== 'ok' && response.outcome !== 'success') {
        throw new Error(`${name} did not succeed (outcome ${String(response.outcome)}): ${JSON.stringify(response.deny)}`);
      }
    }
  }
  const rows: Array<{ scenario: string; p50: number; p95: number; max: number; n: number }> = [];
  for (const [name, make] of Object.entries(scenarios)) {
    const samples: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const t = performance.now();
      await turn(make());
      samples.push(performance.now() - t);
    }
    samples.sort((a, b) => a - b);
    const q = (p: number) => Math.round((samples[Math.min(samples.length - 1, Math.floor(p * samples.length))] ?? 0) * 10) / 10;
    rows.push({ scenario: name, p50: q(0.5), p95: q(0.95), max: q(1), n: samples.length });
  }
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify({ files: fileCount, packFiles: (init.contextPack as { fileCount: number }).fileCount, rows }, null, 2)}\n`);
  else {
    process.stdout.write(`controller_turn over stdio, ${iterations} turns each, pack of ${(init.contextPack as { fileCount: number }).fileCount} files\n`);
    for (const r of rows) process.stdout.write(`${r.scenario.padEnd(26)} p50 ${String(r.p50).padStart(6)} ms   p95 ${String(r.p95).padStart(6)} ms   max ${String(r.max).padStart(7)} ms\n`);
  }
} finally {
  await client.close().catch(() => undefined);
  await graph.write(deleteNamespace, { repoId }).catch(() => undefined);
  await graph.close();
  rmSync(dirname(root), { recursive: true, force: true });
}
