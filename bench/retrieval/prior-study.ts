#!/usr/bin/env node
/**
 * File-kind prior and sibling study, offline: replays dumped candidates (GRAPHGATE_EVAL_DUMP) through
 * the ranking and the pack's budget selection under a grid of `nonSourceShare`, `untestedTaskTestShare`
 * and `siblingFactor`, and prints per-repository Acc@1/5, recall@25 and MRR.
 *
 *   npm run build && node dist/bench/retrieval/prior-study.js <report.json>:<dumpDir> [...]
 *
 * File sizes and in-degrees are not in the dump (no hub penalty, no byte budget), and closure was
 * derived from the run's own ranking: final numbers come from a real `eval --history` run.
 */
import { scoreRanking, summariseRanking, type RankMetrics } from '../../src/eval/history/rank-metrics.js';
import { DEFAULT_ASSEMBLY_BUDGETS } from '../../src/retrieval/assemble/assembly.config.js';
import { selectRanked } from '../../src/retrieval/assemble/retrieve.js';
import { buildLexemes } from '../../src/retrieval/lexemes/lexeme-builder.js';
import { LANES } from '../../src/retrieval/rank/candidate.model.js';
import { rankFiles } from '../../src/retrieval/rank/fusion.rank.js';
import { DEFAULT_RANK_CONFIG, type RankConfig } from '../../src/retrieval/rank/rank.config.js';
import { loadStudyTasks, type StudyTask } from './study-tasks.js';

const list = (name: string, fallback: string): number[] => (process.env[name] ?? fallback).split(',').map(Number);

const variants: Array<[string, RankConfig]> = [];
for (const ns of list('NONSOURCE', '0,0.25,0.5,0.75')) for (const ts of list('TESTS', '0,0.25,0.5')) for (const sib of list('SIB', String(DEFAULT_RANK_CONFIG.textFusion.siblingFactor))) {
  variants.push([`nonsource ${ns} tests ${ts} sibling ${sib}`, {
    ...DEFAULT_RANK_CONFIG, nonSourceShare: ns, untestedTaskTestShare: ts, textFusion: { ...DEFAULT_RANK_CONFIG.textFusion, siblingFactor: sib },
  }]);
}

function packOf(task: StudyTask, rank: RankConfig): string[] {
  const lexemes = buildLexemes({ prompt: task.prompt, agentLexemes: [], jira: null, aliases: [] });
  const ranked = rankFiles(task.candidates, lexemes, rank);
  return selectRanked(ranked, { ...DEFAULT_ASSEMBLY_BUDGETS, rank }, LANES).selected.map((f) => f.path);
}

const pct = (n: number): string => (n * 100).toFixed(1).padStart(5);
const row = (s: ReturnType<typeof summariseRanking>): string => `${pct(s.acc1)} ${pct(s.acc5)} ${pct(s.recall25)} ${pct(s.mrr)}`;

const tasks = process.argv.slice(2).flatMap(loadStudyTasks);
const repos = [...new Set(tasks.map((t) => t.repo))];
const perRepo = (metrics: Array<{ repo: string; m: RankMetrics }>) => repos.map((r) => summariseRanking(metrics.filter((x) => x.repo === r).map((x) => x.m)));
process.stdout.write(`repos: ${repos.join(', ')} (${tasks.length} tasks); per repo Acc@1 Acc@5 R@25 MRR, then the mean of repos\n`);
const show = (name: string, metrics: Array<{ repo: string; m: RankMetrics }>): void => {
  const s = perRepo(metrics);
  const mean = (k: 'acc5' | 'recall25') => pct(s.reduce((a, x) => a + x[k], 0) / s.length);
  process.stdout.write(`${name.padEnd(38)} ${s.map(row).join(' | ')} | A5 ${mean('acc5')} R25 ${mean('recall25')}\n`);
};
show('run (the packs as reported)', tasks.map((t) => ({ repo: t.repo, m: scoreRanking(t.packTop, t.expected) })));
for (const [name, config] of variants) show(name, tasks.map((t) => ({ repo: t.repo, m: scoreRanking(packOf(t, config), t.expected) })));
