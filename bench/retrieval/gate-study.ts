#!/usr/bin/env node
/**
 * Outcome-gate study, offline: for each dumped task, features of the default ranking's head and
 * whether an expected file is in the first 25 (a wrong `ok` is false confidence). Prints each
 * feature's AUC (how well it alone separates right from wrong packs) and, for the best thresholds,
 * the false-confidence rate among the packs kept and the share of right packs refused.
 *
 *   npm run build && node dist/bench/retrieval/gate-study.js <report.json>:<dumpDir> [...]
 */
import { scoreRanking } from '../../src/eval/history/rank-metrics.js';
import { DEFAULT_ASSEMBLY_BUDGETS } from '../../src/retrieval/assemble/assembly.config.js';
import { selectRanked } from '../../src/retrieval/assemble/retrieve.js';
import { buildLexemes } from '../../src/retrieval/lexemes/lexeme-builder.js';
import { LANES } from '../../src/retrieval/rank/candidate.model.js';
import { discriminationOf } from '../../src/retrieval/rank/discrimination.js';
import { rankFiles } from '../../src/retrieval/rank/fusion.rank.js';
import { DEFAULT_RANK_CONFIG } from '../../src/retrieval/rank/rank.config.js';
import { promptTerms } from '../../src/retrieval/text/prompt-terms.js';
import { lexTokens } from '../../src/text/lex-text.js';
import { loadStudyTasks } from './study-tasks.js';

type Features = Record<string, number>;

const tasks = process.argv.slice(2).flatMap(loadStudyTasks);
const rows = tasks.map((t) => {
  const lexemes = buildLexemes({ prompt: t.prompt, agentLexemes: [], jira: null, aliases: [] });
  const ranked = selectRanked(rankFiles(t.candidates, lexemes, DEFAULT_RANK_CONFIG), DEFAULT_ASSEMBLY_BUDGETS, LANES).selected;
  const terms = promptTerms(t.prompt);
  const d = discriminationOf(ranked, t.candidates, terms, t.absent);
  const top = ranked[0];
  const text = (i: number) => ranked[i]?.contributions.find((c) => c.name === 'text')?.value ?? 0;
  const headTokens = new Set(ranked.slice(0, 5).flatMap((f) => lexTokens(f.path)));
  const lanesOfTop = (top?.lanes ?? []).filter((l) => ['content', 'fielded', 'history', 'uitext', 'lexical', 'symbol'].includes(l)).length;
  const folders = new Set(ranked.slice(0, 10).map((f) => f.path.split('/').slice(0, -1).join('/')));
  // The most a file's fused text score can be here: the weights of the text lanes that found anything.
  const weights = DEFAULT_RANK_CONFIG.textFusion.weights;
  const attainable = (Object.keys(weights) as Array<keyof typeof weights>).filter((l) => t.candidates.some((c) => c.lane === l && c.rawScore > 0)).reduce((a, l) => a + (weights[l] ?? 0), 0);
  const f: Features = {
    topShare: attainable > 0 ? text(0) / attainable : 0,
    scoreShare: attainable > 0 ? (top?.score ?? 0) / attainable : 0,
    margin: d.margin,
    groups: d.agreeingGroups.length,
    termCoverage: d.termCoverage,
    topScore: top?.score ?? 0,
    topText: text(0),
    text10: text(9),
    ratioTop10: text(9) > 0 ? text(0) / text(9) : 10,
    terms: terms.length,
    placedShare5: terms.length ? terms.filter((w) => headTokens.has(w)).length / terms.length : 1,
    lanesOfTop,
    folders10: -folders.size,
    historyTop: ranked[0]?.contributions.find((c) => c.name === 'text') ? (top?.lanes.includes('history') ? 1 : 0) : 0,
  };
  const right = scoreRanking(ranked.map((x) => x.path), t.expected).firstHit !== null;
  const gate = d.margin >= 0.1 && d.agreeingGroups.length >= Math.min(2, d.availableGroups) && d.termCoverage >= 0.5;
  return { repo: t.repo, f, right, ok: t.outcome === 'ok', gate };
});

/** AUC of a feature (higher = right): the chance a random right pack scores above a random wrong one. */
function auc(name: string): number {
  const pos = rows.filter((r) => r.right).map((r) => r.f[name]!);
  const neg = rows.filter((r) => !r.right).map((r) => r.f[name]!);
  let s = 0;
  for (const p of pos) for (const n of neg) s += p > n ? 1 : p === n ? 0.5 : 0;
  return s / Math.max(1, pos.length * neg.length);
}

const pct = (n: number): string => (n * 100).toFixed(1).padStart(5);
const wrong = rows.filter((r) => !r.right).length;
process.stdout.write(`${rows.length} tasks, ${wrong} with no expected file in the first 25 (${pct(wrong / rows.length)}%)\n`);
for (const name of Object.keys(rows[0]?.f ?? {})) {
  const values = [...new Set(rows.map((r) => r.f[name]!))].sort((a, b) => a - b);
  const qs = [0.1, 0.2, 0.3, 0.4].map((q) => values[Math.floor(q * (values.length - 1))]!);
  const cuts = qs.map((q) => {
    const kept = rows.filter((r) => r.f[name]! >= q);
    const fc = kept.filter((r) => !r.right).length / Math.max(1, kept.length);
    const refusedRight = rows.filter((r) => r.right && r.f[name]! < q).length / Math.max(1, rows.filter((r) => r.right).length);
    return `≥${q.toFixed(3)}: fc ${pct(fc)} refuses ${pct(refusedRight)}% of right`;
  });
  process.stdout.write(`${name.padEnd(14)} AUC ${auc(name).toFixed(3)}  ${cuts.join(' | ')}\n`);
}

// The current gate plus a floor on one feature: false confidence among the packs still `ok`, right packs refused.
for (const name of (process.env.SWEEP ?? 'topShare,topScore').split(',')) {
  for (const q of (process.env.CUTS ?? '0,0.4,0.45,0.5,0.55,0.6,0.65,0.7').split(',').map(Number)) {
    const ok = rows.filter((r) => r.gate && r.f[name]! >= q);
    const fc = ok.filter((r) => !r.right).length;
    const right = rows.filter((r) => r.right);
    const refused = right.filter((r) => !(r.gate && r.f[name]! >= q)).length;
    const perRepo = [...new Set(rows.map((r) => r.repo))].map((repo) => {
      const k = ok.filter((r) => r.repo === repo);
      return `${repo.slice(0, 8)} ${pct(k.filter((r) => !r.right).length / Math.max(1, k.length))}% of ${k.length}`;
    }).join(', ');
    process.stdout.write(`gate + ${name} ≥ ${q}: ok ${ok.length}/${rows.length}, false confidence ${pct(fc / Math.max(1, ok.length))}%, right refused ${refused}/${right.length} (${perRepo})\n`);
  }
}
