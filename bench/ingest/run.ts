import { parseBenchArgs, USAGE } from './real/real-args.js';

/**
 * `npm run bench:ingest`: the synthetic workspace (synthetic.ts) when no argument is given;
 * `npm run bench:ingest -- --repo <path> […]`: the real-code benchmark on that repository (real/);
 * `npm run bench:ingest -- --cold <runs>`: the first ingest right after a server start (cold-start.ts).
 */
const parsed = parseBenchArgs(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
if (parsed.kind === 'synthetic') {
  await import('./synthetic.js');
} else if (parsed.kind === 'help') {
  process.stdout.write(`${USAGE}\n`);
} else if (parsed.kind === 'cold') {
  const { runColdStartBenchmark } = await import('./cold-start.js');
  process.exitCode = await runColdStartBenchmark(parsed.repo ? { runs: parsed.runs, repo: parsed.repo } : { runs: parsed.runs });
} else if (parsed.kind === 'error') {
  process.stderr.write(`${parsed.message}\n\n${USAGE}\n`);
  process.exitCode = 2;
} else {
  const { runRealBenchmark } = await import('./real/real-repo.js');
  process.exitCode = await runRealBenchmark(parsed.options);
}
