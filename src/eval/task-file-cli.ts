import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { terminalProgress } from '../../ingest/index.js';
import { stage } from '../cli/output.js';
import { openGraph } from '../graph/index.js';
import { createLogger } from '../runtime/logger.js';
import { renderReport } from './report-table.js';
import { runEval } from './run-eval.js';

export interface TaskFileFlags {
  repo: string;
  tasks: string;
  out?: string;
  repoId?: string;
  fallbackK: string;
  json?: boolean;
}

/** The task-file mode (`npm run eval -- --repo <path> --tasks <file>`): golden tasks on the repository as it is. */
export async function runTaskFileCommand(flags: TaskFileFlags): Promise<void> {
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
}
