import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import { wholeAtLeast } from '../cli-args.js';
import { procCpuMs } from '../proc-cpu.js';
import { McpAgent, MAIN } from './client.js';
import { Recorder } from './recorder.js';

/**
 * What K agents' MCP servers on one real repository hold and spend once they are idle: K `graphgate mcp`
 * processes on `--repo`, each answers one `initialize_work`, then all idle `--idle-s` seconds (the
 * watcher's idle warm-up runs then) and each process's RSS, peak RSS and CPU are read from /proc, with
 * how many folders it watches (its inotify watches, also in /proc) and whether it warmed its project (its
 * log). `--main` runs another build's CLI, to compare builds. Linux only.
 * Neo4j comes from the environment, as for every graphgate command. See bench/soak/README.md.
 */
const program = new Command('idle-rss')
  .requiredOption('--repo <path>', 'the repository the MCP servers serve (ingested on the first call when the graph does not hold it)')
  .option('--agents <k>', 'MCP processes on the repository', wholeAtLeast(1), 4)
  .option('--idle-s <s>', 'seconds to idle after the first turns', wholeAtLeast(1), 60)
  .option('--repo-id <id>', 'GRAPHGATE_REPO_ID of the servers (default: their own choice)')
  .option('--prompt <text>', 'the initialize_work prompt', 'fix the date format in the settings page')
  .option('--main <file>', 'the CLI to run (another build\'s dist/src/cli/main.js)', MAIN)
  .parse();
const opts = program.opts<{ repo: string; agents: number; idleS: number; repoId?: string; prompt: string; main: string }>();

/** VmRSS and VmHWM (peak) in MB, and user + system CPU in s, of a live process. */
function usage(pid: number): { rssMb: number; peakMb: number; cpuS: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string): number => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024), cpuS: procCpuMs(pid) / 1000 };
}

/** The inotify watches a process holds (chokidar's fs.watch per folder): 0 when it does not watch. */
function inotifyWatches(pid: number): number {
  let n = 0;
  for (const fd of readdirSync(`/proc/${pid}/fdinfo`)) {
    try {
      n += readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8').split('\n').filter((l) => l.startsWith('inotify wd:')).length;
    } catch {
      // closed meanwhile
    }
  }
  return n;
}

const root = resolve(opts.repo);
const logDir = mkdtempSync(join(tmpdir(), 'gg-idle-rss-'));
const env: Record<string, string> = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
Object.assign(env, { GRAPHGATE_LOG_LEVEL: 'info', ...(opts.repoId ? { GRAPHGATE_REPO_ID: opts.repoId } : {}) });
const rec = new Recorder();
const started = performance.now();
const agents = await Promise.all(Array.from({ length: opts.agents }, (_, i) => McpAgent.spawn({ root, env, logDir, label: `agent-${i}`, main: opts.main })));
const firstTurns = await Promise.all(agents.map(async (agent, i) => {
  // A first ingest longer than a turn answers the retryable REPO_INGESTING: call again, as an agent does.
  for (;;) {
    const out = await agent.turn(rec, i, null, { verb: 'initialize_work', originalPrompt: opts.prompt, args: {} });
    const code = out.res?.deny?.code;
    if (out.res && (code === 'REPO_INGESTING' || code === 'GRAPH_UNAVAILABLE')) {
      await new Promise((r) => setTimeout(r, 2_000));
      continue;
    }
    return { ms: Math.round(out.ms), outcome: out.res ? `${out.res.outcome}${code ? ` ${code}` : ''}` : `error ${out.error}` };
  }
}));
const turnsDone = performance.now();
process.stdout.write(`${opts.agents} MCP server(s) on ${root}: first turns answered ${((turnsDone - started) / 1000).toFixed(1)} s after the spawn; idling ${opts.idleS} s …\n`);
await new Promise((r) => setTimeout(r, opts.idleS * 1000));
const rows = agents.map((agent, i) => {
  const log = join(logDir, `agent-${i}.stderr.log`);
  const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
  return { agent: i, ...usage(agent.pid!), watches: inotifyWatches(agent.pid!), warmed: text.includes('"watch project warmed"'), first: firstTurns[i]! };
});
for (const r of rows) {
  process.stdout.write(`  agent ${r.agent}: RSS ${r.rssMb} MB, peak ${r.peakMb} MB, CPU ${r.cpuS.toFixed(1)} s, ${r.watches} inotify watches${r.warmed ? ', warmed its project' : ''}; initialize_work ${r.first.ms} ms (${r.first.outcome})\n`);
}
const sum = (k: 'rssMb' | 'peakMb' | 'cpuS'): number => Math.round(rows.reduce((a, r) => a + r[k], 0) * 10) / 10;
process.stdout.write(`  total: RSS ${sum('rssMb')} MB, peak ${sum('peakMb')} MB, CPU ${sum('cpuS')} s; ${rows.filter((r) => r.watches > 0).length} watching, ${rows.filter((r) => r.warmed).length} warmed; logs in ${logDir}\n`);
process.stdout.write(`  reproduce: node dist/bench/soak/idle-rss.js --repo ${opts.repo} --agents ${opts.agents} --idle-s ${opts.idleS}${opts.repoId ? ` --repo-id ${opts.repoId}` : ''}${opts.main === MAIN ? '' : ` --main ${opts.main}`}\n`);
await Promise.all(agents.map((a) => a.close()));
process.stdout.write(`${JSON.stringify({ repo: root, agents: opts.agents, idleS: opts.idleS, main: opts.main, rows })}\n`);
