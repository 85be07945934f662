import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** What `bench:ingest -- --repo <path> …` asked for (paths absolute). */
export interface RealBenchOptions {
  repo: string;
  /** A commit to check out in a scratch clone after the first ingest, then ingest again. */
  checkout?: string;
  /** The tsconfig Compodoc reads (absolute; given relative to the repository); otherwise chosen by compodoc-tsconfig.ts. */
  tsconfig?: string;
  /** `json`: Compodoc's analysis with a JSON export (the default); `html`: its default HTML site, as a user runs it; `off`. */
  compodoc: 'json' | 'html' | 'off';
  /** Compodoc is stopped after this long (it ran past 8 minutes and 2.6 GB on a 10,000-file monorepo). */
  compodocTimeoutMs: number;
  /** One-file edits to re-ingest as `ingest --watch` does, in a scratch clone (0: none). */
  edits: number;
  /** Skip the watcher's idle warm-up before the edits (`--no-warm-up`: the edits as before it existed). */
  noWarmUp?: boolean;
  /** First ingests handed to `graphgate daemon`, each into a fresh namespace, after one that warms it (0: none). */
  daemonFirst: number;
}

export type BenchArgs =
  | { kind: 'synthetic' }
  | { kind: 'help' }
  | { kind: 'error'; message: string }
  | { kind: 'real'; options: RealBenchOptions }
  | { kind: 'cold'; runs: number; repo?: string };

export const USAGE = `usage: npm run bench:ingest [-- --repo <path> [--checkout <ref>] [--tsconfig <file>] [--compodoc-html | --no-compodoc]]
       npm run bench:ingest -- --cold <runs> [--repo <path>]
  (no arguments)     the synthetic workspace (BENCH_FEATURES=<n> scales it)
  --cold <runs>      the first ingest right after a server start, <runs> times: stops and starts its
                     own local instance (GRAPHGATE_NEO4J_INSTANCE, default bench-cold), then ingests
                     a copy of the bundled sample (or --repo) into a fresh namespace
  --repo <path>      benchmark a real repository: first ingest into a fresh namespace, unchanged
                     re-run, parse floor, peak RSS, Neo4j CPU and Compodoc on the same repository
  --checkout <ref>   also time a CLI ingest after checking out <ref> in a scratch clone
  --edits <n>        also time <n> one-file edits re-ingested as --watch does (warm, in a scratch
                     clone): p50 / p95 / max
  --no-warm-up       skip the watcher's idle warm-up (the lazy-route index, then one file per
                     Angular role extracted) before the edits
  --daemon-first <n> also time <n> first ingests (fresh namespaces, a scratch clone) that the CLI
                     hands to a warm graphgate daemon, the default after a user's first run
  --tsconfig <file>  the tsconfig Compodoc reads, relative to the repository (default: found
                     at the root or next to angular.json/nx.json)
  --compodoc-html    run Compodoc's default HTML output instead of the analysis-only JSON export
  --no-compodoc      skip Compodoc
  --compodoc-timeout <s>  stop Compodoc after <s> seconds (default 600) and report it unfinished
A relative --repo is resolved against the directory npm was run from. See bench/ingest/README.md.`;

/**
 * Parses the benchmark's arguments. `cwd` resolves a relative --repo: npm runs scripts in the package
 * root, so the caller passes INIT_CWD (where the user typed the command).
 */
export function parseBenchArgs(argv: string[], cwd: string): BenchArgs {
  if (argv.length === 0) return { kind: 'synthetic' };
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        repo: { type: 'string' },
        checkout: { type: 'string' },
        tsconfig: { type: 'string' },
        'no-compodoc': { type: 'boolean' },
        'compodoc-html': { type: 'boolean' },
        'compodoc-timeout': { type: 'string' },
        edits: { type: 'string' },
        'no-warm-up': { type: 'boolean' },
        'daemon-first': { type: 'string' },
        cold: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
  if (values.help) return { kind: 'help' };
  if (values.cold !== undefined) {
    const runs = Number(values.cold);
    if (!Number.isInteger(runs) || runs < 1 || runs > 100) return { kind: 'error', message: '--cold takes a whole number of runs, 1 to 100' };
    const others = ['checkout', 'tsconfig', 'no-compodoc', 'compodoc-html', 'compodoc-timeout', 'edits', 'no-warm-up', 'daemon-first'].filter((k) => values[k as keyof typeof values] !== undefined);
    if (others.length) return { kind: 'error', message: `--cold takes only --repo (not --${others.join(', --')})` };
    return values.repo ? { kind: 'cold', runs, repo: resolve(cwd, values.repo) } : { kind: 'cold', runs };
  }
  if (!values.repo) return { kind: 'error', message: '--checkout, --edits, --daemon-first, --tsconfig and the Compodoc flags need --repo <path>' };
  if (values['no-compodoc'] && (values.tsconfig || values['compodoc-html'])) return { kind: 'error', message: '--tsconfig and --compodoc-html are for Compodoc: they make no sense with --no-compodoc' };
  const compodoc = values['no-compodoc'] ? 'off' : values['compodoc-html'] ? 'html' : 'json';
  const timeout = values['compodoc-timeout'] === undefined ? 600 : Number(values['compodoc-timeout']);
  if (!Number.isInteger(timeout) || timeout < 1 || timeout > 86_400) return { kind: 'error', message: '--compodoc-timeout takes whole seconds, 1 to 86400' };
  const edits = values.edits === undefined ? 0 : Number(values.edits);
  if (!Number.isInteger(edits) || edits < 0 || edits > 1_000) return { kind: 'error', message: '--edits takes a whole number of edits, 0 to 1000' };
  const daemonFirst = values['daemon-first'] === undefined ? 0 : Number(values['daemon-first']);
  if (!Number.isInteger(daemonFirst) || daemonFirst < 0 || daemonFirst > 100) return { kind: 'error', message: '--daemon-first takes a whole number of runs, 0 to 100' };
  const options: RealBenchOptions = { repo: resolve(cwd, values.repo), compodoc, compodocTimeoutMs: timeout * 1000, edits, daemonFirst };
  if (values['no-warm-up']) {
    if (!edits) return { kind: 'error', message: '--no-warm-up goes with --edits' };
    options.noWarmUp = true;
  }
  if (values.checkout) options.checkout = values.checkout;
  if (values.tsconfig) options.tsconfig = resolve(options.repo, values.tsconfig);
  return { kind: 'real', options };
}
