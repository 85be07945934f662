import { execFileSync } from 'node:child_process';
import { appendFileSync, realpathSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { deleteRepository } from '../../../ingest/index.js';
import { openGraph } from '../../../src/graph/index.js';
import { createLogger } from '../../../src/runtime/logger.js';
import { serverCpuMs } from '../server-cpu.js';
import { measureCheckout } from './checkout-run.js';
import { measureDaemonFirstIngests } from './daemon-first.js';
import { measureEdits } from './edit-runs.js';
import { runCliIngest, type CliIngest } from './cli-ingest.js';
import { runCompodoc, type CompodocResult } from './compodoc-run.js';
import { chooseCompodocTsconfig } from './compodoc-tsconfig.js';
import type { RealBenchOptions } from './real-args.js';
import { reportJson, reportLines, type RealBenchResult } from './real-report.js';

const PARSE_FLOOR = fileURLToPath(new URL('../parse-floor.js', import.meta.url));
const PACKAGE_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

const gitOut = (cwd: string, args: string[]): string | null => {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
};

/** Best of three fresh processes: one cold run on a shared machine moves by 2-3x. */
function parseFloor(root: string): RealBenchResult['parseFloor'] {
  const runs = [0, 1, 2].map(() => JSON.parse(execFileSync(process.execPath, [PARSE_FLOOR, root], { encoding: 'utf8' })) as { files: number; ms: number });
  const best = runs.reduce((a, b) => (b.ms < a.ms ? b : a));
  return { files: best.files, ms: best.ms, runsMs: runs.map((r) => r.ms) };
}

function reproduceCommand(options: RealBenchOptions): string {
  const quote = (v: string): string => (/^[\w@%+=:,./-]+$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`);
  const env = process.env.NEO4J_URI ? 'NEO4J_URI=… ' : process.env.GRAPHGATE_NEO4J_INSTANCE ? `GRAPHGATE_NEO4J_INSTANCE=${process.env.GRAPHGATE_NEO4J_INSTANCE} ` : '';
  const flags = [`--repo ${quote(options.repo)}`];
  if (options.checkout) flags.push(`--checkout ${quote(options.checkout)}`);
  if (options.tsconfig) flags.push(`--tsconfig ${quote(options.tsconfig)}`);
  if (options.compodoc === 'off') flags.push('--no-compodoc');
  if (options.compodoc === 'html') flags.push('--compodoc-html');
  if (options.compodocTimeoutMs !== 600_000) flags.push(`--compodoc-timeout ${options.compodocTimeoutMs / 1000}`);
  if (options.edits) flags.push(`--edits ${options.edits}`);
  if (options.daemonFirst) flags.push(`--daemon-first ${options.daemonFirst}`);
  if (options.noWarmUp) flags.push('--no-warm-up');
  return `${env}npm run bench:ingest -- ${flags.join(' ')}`;
}

/**
 * The real-code benchmark (bench/ingest/README.md): parse floor, a first CLI ingest into a fresh
 * namespace, an unchanged re-run, optionally a checkout and one-file edits in scratch clones, then Compodoc on the
 * same repository; the namespace is deleted at the end. Steps run one after another so they do not
 * compete for the cores. Returns the exit code (1 when the first ingest failed).
 */
export async function runRealBenchmark(options: RealBenchOptions): Promise<number> {
  const root = realpathSync(options.repo);
  const log = createLogger(process.env.GRAPHGATE_LOG_LEVEL ? undefined : 'warn');
  const repoId = `bench-real-${process.pid}-${Date.now().toString(36)}`;
  const note = (text: string): void => void process.stderr.write(`${text}\n`);
  const commit = gitOut(root, ['rev-parse', 'HEAD']);
  const tsconfig = options.compodoc !== 'off' ? chooseCompodocTsconfig(root, options.tsconfig) : undefined;

  note(`parse floor on ${root} …`);
  const floor = parseFloor(root);
  const graph = await openGraph({ log });
  let result: RealBenchResult;
  try {
    let cleanup: RealBenchResult['cleanup'] = { error: 'not run' };
    let first: CliIngest;
    let rerun: CliIngest | null = null;
    let cpuBefore: number | undefined;
    let cpuAfter: number | undefined;
    let checkout: RealBenchResult['checkout'] = null;
    let edits: RealBenchResult['edits'] = null;
    let daemonFirst: RealBenchResult['daemonFirst'] = null;
    try {
      note(`first ingest into ${repoId} …`);
      cpuBefore = serverCpuMs();
      first = await runCliIngest(root, repoId);
      cpuAfter = serverCpuMs();
      if (first.summary) {
        note('unchanged re-run …');
        rerun = await runCliIngest(root, repoId);
        if (options.checkout) {
          note(`checkout of ${options.checkout} in a scratch clone …`);
          checkout = await measureCheckout(root, options.checkout, repoId).catch((error: Error) => ({ error: error.message.split('\n')[0] ?? String(error) }));
        }
        if (options.daemonFirst) {
          note(`${options.daemonFirst} first ingests through graphgate daemon …`);
          daemonFirst = await measureDaemonFirstIngests(root, graph, options.daemonFirst).catch((error: Error) => ({ error: error.message.split('\n')[0] ?? String(error) }));
        }
        if (options.edits) {
          // Last: it leaves the namespace with the edited files' facts.
          note(`${options.edits} one-file edits as --watch re-ingests them …`);
          edits = await measureEdits(root, graph, log, repoId, options.edits, !options.noWarmUp).catch((error: Error) => ({ error: error.message.split('\n')[0] ?? String(error) }));
        }
      }
    } finally {
      // The namespace goes even when a step threw; before Compodoc, so the server is idle while it runs.
      const t0 = performance.now();
      cleanup = await deleteRepository(graph, repoId)
        .then((deleted) => ({ deleted, ms: Math.round(performance.now() - t0) }))
        .catch((error: Error) => ({ error: error.message }));
    }
    let compodoc: CompodocResult | null = null;
    if (options.compodoc !== 'off') {
      note(`Compodoc (${options.compodoc}) …`);
      compodoc = tsconfig ? await runCompodoc(root, tsconfig, options.compodoc, options.compodocTimeoutMs) : { status: 'skipped', reason: `no tsconfig found in ${root}: pass --tsconfig <file>` };
    }
    result = {
      repo: { path: root, commit, dirty: commit ? gitOut(root, ['status', '--porcelain', '--untracked-files=no']) !== '' : null },
      context: {
        graphgate: gitOut(PACKAGE_ROOT, ['rev-parse', 'HEAD']), node: process.version, loadavg: loadavg(),
        neo4j: process.env.NEO4J_URI ? 'at NEO4J_URI' : `local instance ${process.env.GRAPHGATE_NEO4J_INSTANCE ?? 'default'}`,
      },
      repoId, parseFloor: floor, first, rerun, checkout, daemonFirst, edits, compodoc, cleanup,
      firstServerCpuMs: cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : null,
      reproduce: reproduceCommand(options),
    };
  } finally {
    await graph.close();
  }
  const json = reportJson(result);
  process.stdout.write(`${reportLines(result).join('\n')}\n${JSON.stringify(json)}\n`);
  if (process.env.BENCH_OUT) appendFileSync(process.env.BENCH_OUT, `${JSON.stringify({ at: new Date().toISOString(), ...json })}\n`);
  return result.first.summary ? 0 : 1;
}
