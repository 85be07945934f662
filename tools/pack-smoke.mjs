#!/usr/bin/env node
// Install-and-run smoke test of the published shape: npm pack → npm install -g into a temp prefix →
// graphgate --version, init (first ingest) and doctor on a copy of the sample app, then one MCP turn
// through the entry init wrote. Uses its own local Neo4j instance ("smoke") unless NEO4J_URI is set.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
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

let startedDb = false;
let failed = false;
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
} catch (error) {
  failed = true;
  console.error(`pack smoke failed: ${error.message}`);
} finally {
  if (startedDb) spawnSync(join(prefix, 'bin', 'graphgate'), ['db', 'stop'], { env, stdio: 'inherit' });
  rmSync(work, { recursive: true, force: true });
}
console.log(`pack smoke ${failed ? 'FAILED' : 'passed'}: ${timings.join(', ')}`);
process.exit(failed ? 1 : 0);
