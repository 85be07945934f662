import type { Command } from 'commander';
import { action, printResult } from './output.js';

/** `graphgate doctor [--repo <path>] [--json]`: what is missing or stale, each with its fix; exit 1 on a failure. */
export function registerDoctorCommand(program: Command): void {
  program
    .command('doctor')
    .description('check the machine, Neo4j, a repository\'s ingest and the MCP client configs; exits 1 when a check fails')
    .option('--repo <path>', 'the repository to check', process.cwd())
    .option('--no-repo', 'check the machine and Neo4j only')
    .option('--timeout <ms>', 'deadline of each probe', (v) => Number(v), 8_000)
    .option('--json', 'print the report as JSON')
    .action(action(async (opts: { repo: string | false; timeout: number; json?: boolean }) => {
      const { doctorLines, runDoctor } = await import('../doctor/run-doctor.js');
      const report = await runDoctor({ ...(opts.repo === false ? {} : { repo: opts.repo }), timeoutMs: opts.timeout });
      printResult(Boolean(opts.json), report, () => doctorLines(report));
      if (!report.ok) process.exitCode = 1;
    }));
}
