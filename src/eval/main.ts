#!/usr/bin/env node
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { Command } from 'commander';
import { terminalProgress } from '../../ingest/index.js';
import { action, stage } from '../cli/output.js';
import { openGraph } from '../graph/index.js';
import { createLogger } from '../runtime/logger.js';
import { packageRoot } from '../runtime/package-root.js';
import { renderReport } from './report-table.js';
import { runEval } from './run-eval.js';

interface EvalFlags {
  repo: string;
  tasks: string;
  out?: string;
  repoId?: string;
  fallbackK: string;
  json?: boolean;
}

const program = new Command()
  .name('graphgate-eval')
  .description('Evaluates graphgate packs against a plain BM25 baseline on golden tasks (npm run eval -- --repo <path> --tasks <file>).')
  .option('--repo <path>', 'repository to evaluate on', join(packageRoot(), 'test', 'fixtures', 'workspace'))
  .option('--tasks <file>', 'task file (JSON; see src/eval/README.md)', join(packageRoot(), 'test', 'fixtures', 'eval', 'tasks.json'))
  .option('--out <file>', 'where to write the JSON report (default eval-results/eval-<repo>-<time>.json)')
  .option('--repo-id <id>', 'ingest under this repoId (default eval-<hash of the path>)')
  .option('--fallback-k <n>', 'baseline top-k when graphgate returns an empty pack', '10')
  .option('--json', 'print the JSON report on stdout instead of the table')
  .showHelpAfterError()
  .action(action(async (flags: EvalFlags) => {
    const log = createLogger(process.env.GRAPHGATE_LOG_LEVEL ? undefined : 'warn');
    const graph = await openGraph({ log });
    const progress = terminalProgress(!flags.json && process.stderr.isTTY === true);
    try {
      const report = await runEval({
        graph, log, repoRoot: resolve(flags.repo), tasksFile: resolve(flags.tasks), repoId: flags.repoId,
        fallbackK: Number.parseInt(flags.fallbackK, 10) || 10,
        onStage: stage, onIngestProgress: progress.onProgress,
      });
      progress.stop();
      const stamp = report.generatedAt.replace(/[:.]/g, '-');
      const out = resolve(flags.out ?? join('eval-results', `eval-${basename(report.repo.root)}-${stamp}.json`));
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
      if (flags.json) {
        process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      } else {
        const title = `graphgate eval — ${report.repo.root} (${report.repo.files} files, ${report.tasks.length} tasks)\n` +
          `pack builder: ${report.packBuilder}\nbaseline: ${report.baseline.library}, ${report.baseline.kRule}`;
        process.stdout.write(`${renderReport({ title, rows: report.tasks, overall: report.overall })}\n`);
        for (const u of report.unknownExpectedFiles) process.stderr.write(`warning: task ${u.task} expects ${u.file}, which is not a File fact of the repo\n`);
      }
      stage(`report written to ${out}`);
    } finally {
      progress.stop();
      await graph.close();
    }
  }));

await program.parseAsync(process.argv);
