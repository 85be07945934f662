import { resolve } from 'node:path';
import type { Command } from 'commander';
import { createLogger } from '../runtime/logger.js';
import { action, printResult, stage } from './output.js';

/** `graphgate graph export`: the policy plane from the graph back to seed JSONL. */
export function registerGraphCommands(program: Command): void {
  const graph = program.command('graph').description('the repository\'s graph as files: export the policy plane');
  graph
    .command('export')
    .description('write the policy plane (every version of every seeded record) back to seed JSONL, one file per source file; a file whose rows already agree with the graph is left untouched')
    .option('--out <dir>', 'where to write (default: the repository\'s .ai/graph/seed/)')
    .option('--include-defaults', 'also export graphgate\'s shipped rows (into <out>/graphgate/)')
    .option('--repo <path>', 'the repository', process.cwd())
    .option('--json', 'print the summary as JSON')
    .action(action(async (flags: { out?: string; includeDefaults?: boolean; repo: string; json?: boolean }) => {
      const { withRepository } = await import('../memory/review.js');
      const { exportPolicyPlane } = await import('../../ingest/policy/seed-export.js');
      const log = createLogger(process.env.GRAPHGATE_LOG_LEVEL ? undefined : 'warn');
      const summary = await withRepository(flags.repo, log, (ctx) => exportPolicyPlane({
        graph: ctx.graph, repoId: ctx.repoId, out: flags.out ? resolve(flags.out) : resolve(ctx.root, '.ai', 'graph', 'seed'), includeDefaults: Boolean(flags.includeDefaults),
      }));
      for (const p of summary.problems) stage(`${p.file}:${p.line}: ${p.message}`);
      printResult(Boolean(flags.json), summary, () => summary.files.length === 0
        ? ['The policy plane of this repository has no seeded records.']
        : summary.files.map((f) => `${f.written ? 'wrote    ' : 'unchanged'}  ${f.file}  (${f.rows} rows)`));
      if (summary.problems.length > 0) process.exitCode = 1;
    }));
}
