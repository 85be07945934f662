import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { terminalProgress, type ProgressListener } from '../../../ingest/index.js';
import { stage } from '../../cli/output.js';
import { AppError } from '../../errors/index.js';
import { openGraph } from '../../graph/index.js';
import { createLogger } from '../../runtime/logger.js';
import type { HistoryTaskResult } from './history-report.js';
import { renderHistoryReport } from './render-history.js';
import { executeHistoryEval, prepareHistoryEval } from './run-history-eval.js';

/** A date for git's --since/--until: free text git understands ("2024-01-01", "6 months ago"), never an option. */
const gitDate = z.string().trim().min(1).max(100).refine((s) => !s.startsWith('-') && !/[\0\n]/.test(s), 'a date such as 2024-01-01');

export const historyFlagsSchema = z.object({
  history: z.string().min(1),
  tasks: z.coerce.number().int().min(1).max(10_000).default(50),
  since: gitDate.optional(),
  until: gitDate.optional(),
  subfolder: z.string().min(1).max(1000).optional(),
  out: z.string().min(1).optional(),
  json: z.boolean().optional(),
  keepScratch: z.boolean().optional(),
  stripTicketKey: z.boolean().optional(),
});

export type HistoryFlags = z.input<typeof historyFlagsSchema>;

/** One ingest progress bar per task (the terminal helper draws one run). */
function perIngestProgress(enabled: boolean): { onProgress: ProgressListener; stop(): void } {
  let bar: ReturnType<typeof terminalProgress> | null = null;
  return {
    onProgress: (p) => {
      bar ??= terminalProgress(enabled);
      bar.onProgress(p);
      if (p.phase === 'done') {
        bar.stop();
        bar = null;
      }
    },
    stop: () => {
      bar?.stop();
      bar = null;
    },
  };
}

function taskLine(r: HistoryTaskResult, i: number, total: number): string {
  if (r.status !== 'scored' || !r.graphgate || !r.bm25) return `  ${i + 1}/${total} ${r.id}: skipped (${r.skipReason ?? ''})`;
  const first = (n: number | null): string => (n === null ? '—' : String(n));
  return `  ${i + 1}/${total} ${r.id}: graphgate 1st hit ${first(r.graphgate.metrics.firstHit)} (${r.graphgate.outcome}), ` +
    `bm25 ${first(r.bm25.metrics.firstHit)}; checkout ${r.timings.checkoutMs} ms, ingest ${r.timings.ingestMs} ms ` +
    `(${r.timings.parsedFiles} parsed), bm25 sync ${r.timings.bm25Sync?.ms ?? 0} ms, pack ${Math.round(r.graphgate.packMs)} ms`;
}

/** `eval --history <repoPath>`: validates the flags, runs, prints the table (stdout) and writes the JSON report. */
export async function runHistoryCommand(raw: HistoryFlags): Promise<void> {
  const parsed = historyFlagsSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`);
    throw new AppError('INVALID_ARGS', { message: `Invalid eval --history flags: ${problems.join('; ')}`, details: { problems } });
  }
  const flags = parsed.data;
  const log = createLogger(process.env.GRAPHGATE_LOG_LEVEL ? undefined : 'warn');
  const common = {
    repoPath: resolve(flags.history), tasks: flags.tasks, since: flags.since, until: flags.until,
    subfolder: flags.subfolder, keepScratch: flags.keepScratch, stripTicketKey: flags.stripTicketKey, onStage: stage,
  };
  // Refusals (not git, shallow, dirty, no tasks) come before Neo4j is opened or started.
  const prepared = await prepareHistoryEval(common);
  const graph = await openGraph({ log });
  const progress = perIngestProgress(!flags.json && process.stderr.isTTY === true);
  try {
    const report = await executeHistoryEval(prepared, {
      ...common, graph, log, onIngestProgress: progress.onProgress,
      onTask: (r, i, total) => {
        progress.stop();
        process.stderr.write(`${taskLine(r, i, total)}\n`);
      },
    });
    progress.stop();
    const stamp = report.generatedAt.replace(/[:.]/g, '-');
    const out = resolve(flags.out ?? join('eval-results', `history-${basename(report.repo.root)}-${stamp}.json`));
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(flags.json ? `${JSON.stringify(report, null, 2)}\n` : `${renderHistoryReport(report)}\n`);
    stage(`report written to ${out}`);
  } finally {
    progress.stop();
    await graph.close();
  }
}
