import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HistoryReport } from '../../src/eval/history/history-report.js';
import type { Candidate } from '../../src/retrieval/rank/candidate.model.js';

/** One scored task of a history eval with the candidates its pack was ranked from (GRAPHGATE_EVAL_DUMP). */
export interface StudyTask { repo: string; prompt: string; expected: string[]; candidates: Candidate[]; bm25: string[]; outcome?: string; packTop: string[]; absent: string[] }

interface Dump { repoId: string; prompt: string; candidates: Candidate[]; discrimination?: { absentTerms?: string[] } }

/** `<report.json>:<dumpDir>` → the report's scored tasks that have a dump (expected files not ingested left out). */
export function loadStudyTasks(spec: string): StudyTask[] {
  const [reportPath, dumpDir] = spec.split(':') as [string, string];
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as HistoryReport;
  const repo = report.repo.root.split('/').pop() ?? report.repo.root;
  return report.tasks.flatMap((t) => {
    if (t.status !== 'scored' || !t.bm25) return [];
    const key = createHash('sha256').update(`${report.repo.repoId}\n${t.prompt}`).digest('hex').slice(0, 20);
    const file = join(dumpDir, `${key}.json`);
    if (!existsSync(file)) return [];
    const dump = JSON.parse(readFileSync(file, 'utf8')) as Dump;
    const expected = t.expected.filter((p) => !t.expectedNotIngested.includes(p));
    return expected.length ? [{ repo, prompt: t.prompt, expected, candidates: dump.candidates, bm25: t.bm25.top, outcome: t.graphgate?.outcome, packTop: t.graphgate?.top ?? [], absent: dump.discrimination?.absentTerms ?? [] }] : [];
  });
}
