import { describe, expect, it } from 'vitest';
import { buildLexemes, rankFiles, type Candidate, type RankConfig } from '../../../src/retrieval/index.js';
import { isSourcePath, mentionsTests } from '../../../src/retrieval/rank/file-kind.js';
import { STRUCTURE_RANK_CONFIG } from '../../../src/retrieval/rank/rank.config.js';

/** Only the symbol lane at weight 1 and the file-kind prior: each file's score is its lane score minus the prior. */
const ONLY_KIND: RankConfig = {
  ...STRUCTURE_RANK_CONFIG, laneWeights: { ...STRUCTURE_RANK_CONFIG.laneWeights, symbol: 1 }, corroborationBonus: 0, lexemeBoostWeight: 0, kindBonus: {},
  definitionSymbolBonus: 0, localityBonus: 0, negativePenalty: 0, hubPenalty: 0, sharedFolderPenalty: 0, testFilePenalty: 0, barrelFilePenalty: 0,
  shallowPenaltyPerLevel: 0, nonSourceShare: 0.5, untestedTaskTestShare: 0.5,
};
const hit = (path: string, rawScore = 1): Candidate => ({ id: path, kind: 'file', path, lane: 'symbol', rawScore });
const scoreOf = (prompt: string, path: string, config = ONLY_KIND): number | undefined =>
  rankFiles([hit(path), hit('src/app/anchor/anchor.component.ts')], buildLexemes({ prompt }), config).find((f) => f.path === path)?.score;

describe('the file-kind prior', () => {
  it.each([
    ['src/app/orders/orders.component.ts', true], ['src/app/orders/orders.component.html', true], ['src/main.js', true], ['src/app/x.tsx', true],
    ['src/app/orders/orders.component.scss', false], ['src/assets/i18n/en-US.json', false], ['angular.json', false], ['.github/workflows/build.yml', false],
    ['src/locale/messages.fr.xlf', false], ['README.md', false], ['Makefile', false],
  ])('%s is code or a template: %s', (path, source) => {
    expect(isSourcePath(path)).toBe(source);
  });

  it('halves the score of a file that is not code or a template, and says why', () => {
    expect(scoreOf('Fix the order total', 'src/app/orders/orders.component.scss')).toBe(0.5);
    const [file] = rankFiles([hit('src/assets/i18n/en-US.json')], [], ONLY_KIND);
    expect(file?.contributions.find((c) => c.name === 'file-kind')).toEqual({ name: 'file-kind', value: -0.5, detail: expect.stringMatching(/not code or a template/) });
    expect(scoreOf('Fix the order total', 'src/app/orders/orders.component.ts')).toBe(1);
  });

  it('halves a test file only when the task does not talk about tests', () => {
    expect(scoreOf('Fix the order total', 'src/app/orders/orders.component.spec.ts')).toBe(0.5);
    expect(scoreOf('Add unit tests for the order total', 'src/app/orders/orders.component.spec.ts')).toBe(1);
    expect(scoreOf('Fix the flaky e2e login', 'cypress/e2e/login.ts')).toBe(1);
    // "not the tests": an excluded word does not make tests part of the answer.
    expect(mentionsTests(buildLexemes({ prompt: 'Fix the order total, do not touch tests' }))).toBe(false);
  });

  it('takes nothing from a file without positive evidence, and nothing when the shares are 0', () => {
    const [file] = rankFiles([hit('src/app/x.scss', 0)], [], ONLY_KIND);
    expect(file?.contributions.some((c) => c.name === 'file-kind')).toBe(false);
    expect(scoreOf('Fix the order total', 'src/app/orders/orders.component.scss', { ...ONLY_KIND, nonSourceShare: 0 })).toBe(1);
  });
});
