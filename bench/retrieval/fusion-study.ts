#!/usr/bin/env node
/**
 * Fusion and gate study, offline: re-ranks the candidates an `eval --history` run dumped
 * (GRAPHGATE_EVAL_DUMP=<dir>) under ranking variants and gate thresholds, without re-ingesting.
 *
 *   npm run build && node dist/bench/retrieval/fusion-study.js <report.json>:<dumpDir> [...]
 *
 * Closure candidates were derived from the default ranking's top files, so a variant far from the
 * default is approximated; final numbers come from a real `eval --history` run.
 */
import { scoreRanking, summariseRanking, type RankMetrics } from '../../src/eval/history/rank-metrics.js';
import { buildLexemes } from '../../src/retrieval/lexemes/lexeme-builder.js';
import type { Lane } from '../../src/retrieval/rank/candidate.model.js';
import { discriminationOf } from '../../src/retrieval/rank/discrimination.js';
import { rankFiles } from '../../src/retrieval/rank/fusion.rank.js';
import { DEFAULT_RANK_CONFIG, STRUCTURE_RANK_CONFIG, withStructureScale, type RankConfig } from '../../src/retrieval/rank/rank.config.js';
import { promptTerms } from '../../src/retrieval/text/prompt-terms.js';
import { loadStudyTasks, type StudyTask as Task } from './study-tasks.js';

const NAME_LANES: Lane[] = ['lexical', 'symbol', 'artifact', 'policy', 'memory', 'closure'];

function variant(name: string, change: (c: RankConfig) => RankConfig): [string, RankConfig] {
  return [name, change(structuredClone(DEFAULT_RANK_CONFIG) as RankConfig)];
}


/** The grid: how much the name lanes and bonuses count, the sibling step, and each text lane's weight. */
const VARIANTS: Array<[string, RankConfig]> = [variant('default', (c) => c)];
for (const names of (process.env.NAMES ?? "0,0.5,1").split(",").map(Number)) for (const sibling of (process.env.SIB ?? "0,0.2,0.4").split(",").map(Number)) for (const uitext of (process.env.UI ?? "0,0.3,1").split(",").map(Number)) for (const history of (process.env.HIST ?? "0.5,1").split(",").map(Number)) for (const fielded of (process.env.FIELD ?? "0.5,1").split(",").map(Number)) {
  VARIANTS.push(variant(`n${names} s${sibling} u${uitext} h${history} f${fielded}`, (c) => ({
    ...withStructureScale(STRUCTURE_RANK_CONFIG, names), textFusion: { weights: { content: 1, fielded, history, uitext }, siblingFactor: sibling },
  })));
}
const SHOWN = Number(process.env.SHOW ?? 12);

const pct = (n: number): string => (n * 100).toFixed(1).padStart(5);

function ranked(task: Task, config: RankConfig) {
  return rankFiles(task.candidates, buildLexemes({ prompt: task.prompt, agentLexemes: [], jira: null, aliases: [] }), config);
}

function line(name: string, metrics: RankMetrics[]): string {
  const s = summariseRanking(metrics);
  return `${name.padEnd(34)} ${pct(s.acc1)} ${pct(s.acc5)} ${pct(s.acc10)} ${pct(s.recall25)} ${pct(s.all25)} ${s.mrr.toFixed(3)}`;
}

const tasks = process.argv.slice(2).flatMap(loadStudyTasks);
const repos = [...new Set(tasks.map((t) => t.repo))];
const results = VARIANTS.map(([name, config]) => {
  const metrics = tasks.map((t) => ({ repo: t.repo, m: scoreRanking(ranked(t, config).map((f) => f.path), t.expected) }));
  const perRepo = repos.map((r) => summariseRanking(metrics.filter((x) => x.repo === r).map((x) => x.m)));
  // Repositories weigh the same, whatever their task count: a gain on one must not hide a loss on another.
  const meanAcc5 = perRepo.reduce((a, s) => a + s.acc5, 0) / Math.max(1, repos.length);
  const worstAcc5 = Math.min(...perRepo.map((s) => s.acc5));
  return { name, config, perRepo, meanAcc5, worstAcc5, all: metrics.map((x) => x.m) };
});
const bm25 = repos.map((r) => summariseRanking(tasks.filter((t) => t.repo === r).map((t) => scoreRanking(t.bm25, t.expected))));
process.stdout.write(`\nrepos: ${repos.join(', ')} (${tasks.length} tasks); Acc@5 per repo, mean over repos, then pooled Acc1/Acc5/Acc10/R@25/all25/MRR\n`);
process.stdout.write(`${'bm25'.padEnd(34)} ${bm25.map((s) => pct(s.acc5)).join(' ')} | ${pct(bm25.reduce((a, s) => a + s.acc5, 0) / bm25.length)}\n`);
const sorted = [...results].sort((a, b) => b.meanAcc5 - a.meanAcc5 || b.worstAcc5 - a.worstAcc5);
for (const r of [results[0]!, ...sorted.slice(0, SHOWN)]) {
  process.stdout.write(`${r.name.padEnd(34)} ${r.perRepo.map((s) => pct(s.acc5)).join(' ')} | ${pct(r.meanAcc5)} | ${line('', r.all).trim()}\n`);
}

// Gate study on the default ranking: how often `ok`, how often wrongly, how often right but refused.
process.stdout.write('\n== gate thresholds (default ranking, all tasks): margin, groups → ok%, false confidence (of ok), right-but-insufficient (of insufficient)\n');
const judged = tasks.map((t) => {
  const r = ranked(t, DEFAULT_RANK_CONFIG);
  const m = scoreRanking(r.map((f) => f.path), t.expected);
  const terms = promptTerms(t.prompt);
  return { d: discriminationOf(r.slice(0, 40), t.candidates, terms), m, terms: terms.length };
});
for (const unplaced of [0.5, 0.6, 0.7, 0.8, 1]) {
  for (const groups of [2, 3, 4]) {
    const pass = (j: (typeof judged)[number]): boolean => j.d.agreeingGroups.length >= groups && j.d.unplacedTerms.length <= unplaced * j.terms;
    const ok = judged.filter(pass);
    const no = judged.filter((j) => !pass(j));
    const fc = ok.filter((j) => !j.m.firstHit).length;
    const rbi = no.filter((j) => j.m.acc5).length;
    process.stdout.write(`unplaced ≤ ${unplaced} groups ≥ ${groups}: ok ${pct(ok.length / Math.max(1, judged.length))}%  false conf ${pct(fc / Math.max(1, ok.length))}%  right-but-insufficient ${pct(rbi / Math.max(1, no.length))}%\n`);
  }
}
for (const margin of [0, 0.1, 0.2, 0.25, 0.3, 0.4, 0.5]) {
  for (const groups of [1, 2, 3]) {
    const ok = judged.filter((j) => j.d.margin >= margin && j.d.agreeingGroups.length >= groups);
    const no = judged.filter((j) => !(j.d.margin >= margin && j.d.agreeingGroups.length >= groups));
    const fc = ok.filter((j) => !j.m.firstHit).length;
    const rbi = no.filter((j) => j.m.acc5).length;
    process.stdout.write(`margin ≥ ${margin.toFixed(2)} groups ≥ ${groups}: ok ${pct(ok.length / Math.max(1, judged.length))}%  false conf ${pct(fc / Math.max(1, ok.length))}%  right-but-insufficient ${pct(rbi / Math.max(1, no.length))}%\n`);
  }
}
