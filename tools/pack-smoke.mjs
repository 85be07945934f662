#!/usr/bin/env node
// Install-and-run smoke test of the published shape: npm pack → npm install -g into a temp prefix →
// graphgate --version, init (first ingest) and doctor on a copy of the sample app, one MCP turn
// through the entry init wrote, and one GraphQL query. Uses its own local Neo4j instance ("smoke")
// unless NEO4J_URI is set. An install resolves our dependencies' ranges afresh (our lockfile and its
// overrides do not apply), so this is the one test of the dependency tree users get.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const source = realpathSync(join(import.meta.dirname, '..'));
const work = realpathSync(mkdtempSync(join(tmpdir(), 'graphgate-pack-')));
const prefix = join(work, 'prefix');
const env = { ...process.env, PATH: `${join(prefix, 'bin')}:${process.env.PATH}`, GRAPHGATE_NEO4J_INSTANCE: 'smoke', GRAPHGATE_LOG_LEVEL: 'warn' };
const timings = [];
const step = (name, fn) => {
  const t = Date.now();
  const out = fn();
  timings.push(`${name} ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return out;
};
const sh = (cmd, args, options = {}) => execFileSync(cmd, args, { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'inherit'], ...options }).trim();

/** Every version of a package in an installed tree, nested copies included. */
function versionsOf(nodeModules, name, found = new Set()) {
  try {
    found.add(JSON.parse(readFileSync(join(nodeModules, name, 'package.json'), 'utf8')).version);
  } catch { /* not at this level */ }
  for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const packages = entry.name.startsWith('@') ? readdirSync(join(nodeModules, entry.name)).map((n) => join(entry.name, n)) : [entry.name];
    for (const pkg of packages) {
      const nested = join(nodeModules, pkg, 'node_modules');
      if (existsSync(nested)) versionsOf(nested, name, found);
    }
  }
  return [...found].sort();
}

let startedDb = false;
let failed = false;
let graphql;
try {
  const tarball = step('npm pack', () => sh('npm', ['pack', '--silent', '--pack-destination', work], { cwd: source }).split('\n').pop());
  step('npm install -g', () => sh('npm', ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', join(work, tarball)]));
  const version = sh('graphgate', ['--version']);
  if (version !== JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')).version) throw new Error(`graphgate --version printed ${version}`);

  if (!process.env.NEO4J_URI) {
    step('graphgate db start', () => sh('graphgate', ['db', 'start', '--json']));
    startedDb = true;
  }
  const repo = join(work, 'app');
  cpSync(join(prefix, 'lib', 'node_modules', 'graphgate', 'test', 'fixtures', 'workspace'), repo, { recursive: true });
  for (const args of [['init', '-q', '-b', 'main'], ['add', '-A'], ['-c', 'user.name=s', '-c', 'user.email=s@s', 'commit', '-q', '-m', 'app']]) sh('git', ['-C', repo, ...args]);

  const init = step('graphgate init (first ingest)', () => sh('graphgate', ['init', '--repo', repo, '--client', 'claude-code']));
  console.log(init);
  const doctor = step('graphgate doctor', () => spawnSync('graphgate', ['doctor', '--repo', repo], { encoding: 'utf8', env }));
  console.log(doctor.stdout);
  if (doctor.status !== 0) throw new Error(`graphgate doctor exited ${doctor.status}`);

  const entry = JSON.parse(readFileSync(join(repo, '.mcp.json'), 'utf8')).mcpServers.graphgate;
  if (entry.command !== 'graphgate') throw new Error(`the MCP entry does not start the installed binary: ${JSON.stringify(entry)}`);
  const client = new Client({ name: 'pack-smoke', version: '1' });
  await client.connect(new StdioClientTransport({ command: entry.command, args: entry.args, env, stderr: 'inherit' }));
  const t = Date.now();
  const res = await client.callTool({ name: 'controller_turn', arguments: { verb: 'initialize_work', originalPrompt: 'Show the order detail page from the orders grid' } }, undefined, { timeout: 120_000 });
  timings.push(`first initialize_work ${((Date.now() - t) / 1000).toFixed(1)} s`);
  await client.close();
  const turn = res.structuredContent;
  if (turn?.state !== 'PLANNING' || !(turn.contextPack?.fileCount > 0)) throw new Error(`initialize_work answered ${JSON.stringify(turn?.deny ?? turn?.state)}`);
  console.log(`initialize_work: ${turn.contextPack.fileCount} files in the pack`);

  // GraphQL (graphql-yoga, @neo4j/graphql and their @graphql-tools / @whatwg-node tree, as installed).
  const installed = join(prefix, 'lib', 'node_modules', 'graphgate', 'node_modules');
  console.log(`installed: ${['graphql-yoga', '@neo4j/graphql', '@graphql-tools/utils', '@whatwg-node/promise-helpers', '@whatwg-node/disposablestack'].map((n) => `${n} ${versionsOf(installed, n).join(' + ')}`).join(', ')}`);
  graphql = spawn('graphgate', ['graphql', '--port', '0', '--json'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const t2 = Date.now();
  const [line] = await Promise.race([
    once(createInterface({ input: graphql.stdout }), 'line'),
    once(graphql, 'exit').then(([code]) => { throw new Error(`graphgate graphql exited ${code} before it was ready`); }),
  ]);
  const { url } = JSON.parse(line);
  const response = await fetch(url, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ files(where: { path: { eq: "angular.json" } }) { path kind } }' }),
  });
  const body = await response.json();
  timings.push(`GraphQL start and first query ${((Date.now() - t2) / 1000).toFixed(1)} s`);
  if (!body.data?.files?.some((f) => f.path === 'angular.json' && f.kind === 'json')) throw new Error(`GraphQL answered ${JSON.stringify(body).slice(0, 300)}`);
  console.log(`GraphQL: ${body.data.files.length} angular.json file(s)`);
} catch (error) {
  failed = true;
  console.error(`pack smoke failed: ${error.message}`);
} finally {
  if (graphql && graphql.exitCode === null) {
    graphql.kill('SIGTERM');
    await once(graphql, 'exit');
  }
  if (startedDb) spawnSync(join(prefix, 'bin', 'graphgate'), ['db', 'stop'], { env, stdio: 'inherit' });
  rmSync(work, { recursive: true, force: true });
}
console.log(`pack smoke ${failed ? 'FAILED' : 'passed'}: ${timings.join(', ')}`);
process.exit(failed ? 1 : 0);
