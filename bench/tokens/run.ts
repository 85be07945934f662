import { execFile } from 'node:child_process';
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Command } from 'commander';
import { ingestRepository } from '../../ingest/index.js';
import { loadConfig } from '../../src/config/index.js';
import { resolveRepoId } from '../../src/config/repo-id.js';
import { connectionFromEnv, Graph, migrateSchema, SHARED_INSTANCES, type ConnectionInfo } from '../../src/graph/index.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { packageRoot } from '../../src/runtime/package-root.js';
import { LOOP_PROMPT } from '../../test/support/agent-loop-plan.js';
import { deleteNamespace } from '../soak/soak.queries.js';
import { fixtureCopy, fixtureLoop, repoLoop } from './loops.js';
import { MeteredAgent } from './meter.js';
import { render, summarize, type TargetReport } from './report.js';

/**
 * `npm run bench:tokens [-- --repo <path> --prompt <text>]`: what the model reads from each
 * `controller_turn` of a scripted agent loop over stdio (official SDK client → `graphgate mcp`):
 * per step the text content, structuredContent, the envelope's share and ~tokens (chars/4), and the
 * loop total. Without --repo: the whole agent loop on a git copy of the fixture; with --repo: an
 * already checked-out repository, initialize_work and one of each read (no plan). See README.md here.
 */
const MAIN = join(packageRoot(), 'dist', 'src', 'cli', 'main.js');
const exec = promisify(execFile);

const o = new Command('bench:tokens')
  .option('--repo <path>', 'an already checked-out repository to measure instead of the fixture (initialize_work + reads, no plan)')
  .option('--prompt <text>', 'the originalPrompt of initialize_work (with --repo)')
  .option('--lexemes <list>', 'comma-separated lexemes for initialize_work (with --repo; default none, as an agent would send)')
  .option('--json <file>', 'write the raw numbers (every call, every field size) as JSON')
  .option('--inline-schema', 'a client that never lists MCP resources: measures the inline planGraphSchema path (default: lists them, as Claude Code does)')
  .option('--stop-db', 'stop the local instance at the end if this run started it (default: leave it warm)')
  .parse()
  .opts<{ repo?: string; prompt?: string; lexemes?: string; json?: string; inlineSchema?: boolean; stopDb?: boolean }>();
if (o.repo && !o.prompt) {
  process.stderr.write('bench:tokens: --repo needs --prompt "<the user request>"\n');
  process.exit(2);
}
const log = (line: string) => process.stderr.write(`[tokens] ${line}\n`);

/** `graphgate db <verb> --instance <name> --json`, as a person would run it. */
async function db(instance: string, ...args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await exec(process.execPath, [MAIN, 'db', ...args, '--instance', instance, '--json'], { env: { ...process.env, GRAPHGATE_NEO4J_INSTANCE: instance }, timeout: 300_000, maxBuffer: 16 << 20 });
  return JSON.parse(stdout) as Record<string, unknown>;
}

/** NEO4J_URI when set, else the local instance GRAPHGATE_NEO4J_INSTANCE (default `bench`), started on demand. */
async function neo4j(): Promise<{ connection: ConnectionInfo; describe: string; release(): Promise<void> }> {
  const fromEnv = connectionFromEnv();
  if (fromEnv) return { connection: fromEnv, describe: `NEO4J_URI ${fromEnv.uri}`, release: async () => undefined };
  const instance = process.env.GRAPHGATE_NEO4J_INSTANCE ?? 'bench';
  const started = await db(instance, 'start');
  const status = await db(instance, 'status', '--show-password');
  const connection: ConnectionInfo = { uri: String(status.boltUri), username: String(status.username), password: String(status.password), source: 'local' };
  return {
    connection, describe: `local instance "${instance}" at ${connection.uri}`,
    // Never stops `default` or `test` (other people's), nor an instance that was already running.
    release: async () => {
      if (o.stopDb && !started.alreadyRunning && !SHARED_INSTANCES.has(instance)) await db(instance, 'stop');
    },
  };
}

const quote = (s: string) => (/^[\w./:,=-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
const argv = process.argv.slice(2);
const reproduce = `npm run bench:tokens${argv.length ? ` -- ${argv.map(quote).join(' ')}` : ''}`;

const database = await neo4j();
log(`Neo4j: ${database.describe}`);
const fixture = o.repo ? null : fixtureCopy();
const root = o.repo ? realpathSync(o.repo) : fixture!.root;
// The fixture copy gets a namespace of its own, deleted at the end; a real repository keeps its own
// repoId (as `graphgate mcp` derives it) so the next run re-ingests only what changed.
const ownNamespace = fixture ? `bench-tokens-${process.pid}-${Date.now().toString(36)}` : null;
const repoId = ownNamespace ?? (await resolveRepoId(root, loadConfig({ repoRoot: root }).config));
const env: Record<string, string> = {
  PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '',
  NEO4J_URI: database.connection.uri, NEO4J_USERNAME: database.connection.username, NEO4J_PASSWORD: database.connection.password,
  ...(database.connection.database ? { NEO4J_DATABASE: database.connection.database } : {}),
  GRAPHGATE_AUTO_START_NEO4J: 'false', GRAPHGATE_LOG_LEVEL: 'warn',
  ...(ownNamespace ? { GRAPHGATE_REPO_ID: ownNamespace } : {}),
};
const logFile = join(realpathSync(mkdtempSync(join(tmpdir(), 'gg-tokens-logs-'))), 'mcp.stderr.log');
const graph = new Graph({ connection: database.connection, log: silentLogger });
let exitCode = 1;
try {
  // The graph is current before the loop: the server's own first-call ingest is not measured.
  const ingestStarted = performance.now();
  await migrateSchema(graph);
  const ingest = await ingestRepository({ graph, root, log: silentLogger, settings: { repoId } });
  const ingestMs = Math.round(performance.now() - ingestStarted);
  log(`${root} ingested as ${repoId} in ${(ingestMs / 1000).toFixed(1)} s (${ingest.mode}, ${ingest.files.parsed} parsed); server log ${logFile}`);

  const agent = await MeteredAgent.spawn(MAIN, root, env, logFile, !o.inlineSchema);
  const prompt = o.prompt ?? LOOP_PROMPT;
  const notes: string[] = [];
  try {
    if (fixture) {
      const r = await fixtureLoop(agent);
      notes.push(`The loop completed (state COMPLETED); pack of ${r.packFiles} files and ${r.packSymbols} symbols.`);
    } else {
      const lexemes = (o.lexemes ?? '').split(',').map((s) => s.trim()).filter(Boolean);
      const r = await repoLoop(agent, prompt, lexemes);
      notes.push(`Reads on the pack's first TypeScript file \`${r.read}\` (pack of ${r.packFiles} files)${r.symbol ? `; lookup_symbol_definition of \`${r.symbol}\` (${r.symbolOfFile ? 'a symbol of that file' : 'the pack names none of that file: its first symbol'})` : '; the pack named no symbol, so no lookup_symbol_definition'}; search_codebase_text of \`${r.query}\` (the prompt's longest word).`);
    }
  } finally {
    await agent.close();
  }
  const report: TargetReport = {
    target: fixture ? 'fixture agent loop' : 'repository', repoRoot: fixture ? 'test/fixtures/workspace (git copy)' : root, repoId, prompt, ingestMs,
    overhead: agent.overhead, ...summarize(agent.calls), calls: agent.calls, notes,
  };
  process.stdout.write(`\n${render(report)}\n~tokens = characters / 4 (an estimate, not a tokenizer). text = the tool result's content[].text, what the model reads;\nenvelope = that text minus the serialized \`result\` value.\n\nreproduce: ${reproduce}\n`);
  if (o.json) writeFileSync(o.json, `${JSON.stringify({ reproduce, neo4j: database.describe, estimate: 'tokens = chars / 4', generatedAt: new Date().toISOString(), ...report }, null, 2)}\n`);
  exitCode = 0;
} finally {
  if (ownNamespace) await graph.write(deleteNamespace, { repoId: ownNamespace }).catch((error: unknown) => log(`could not delete namespace ${ownNamespace}: ${String(error)}`));
  await graph.close();
  fixture?.dispose();
  await database.release().catch((error: unknown) => log(`could not stop Neo4j: ${String(error)}`));
}
process.exit(exitCode);
