import type { Lexeme } from '../lexemes/lexeme.model.js';
import type { CueFamily } from './signature-cues.js';
import type { TaskType } from './context-signature.js';

type WeightedCues = ReadonlyArray<readonly [CueFamily, number]>;

function score(hay: string, cues: WeightedCues, evidence: string[], label: string): number {
  let total = 0;
  for (const [family, weight] of cues) {
    const hit = family.find((cue) => hay.includes(` ${cue} `));
    if (hit) {
      total += weight;
      evidence.push(`${label} cue "${hit}" (+${weight})`);
    }
  }
  return total;
}

/**
 * Guesses the task type from weighted cue families (symptoms, API vocabulary, UI vocabulary) and
 * typed lexemes (an error string is strong debug evidence, an endpoint path strong API evidence).
 * Migration wins outright when the migration feature is set; otherwise the highest score wins, ties
 * going in decision-table order (debug, api_contract, ui_feature); no cue at all gives `unknown`.
 */
export function inferTaskType(
  hay: string,
  lexemes: readonly Lexeme[],
  migration: boolean,
  cues: { debug: WeightedCues; api: WeightedCues; ui: WeightedCues },
): { type: TaskType; evidence: string[] } {
  if (migration) return { type: 'migration', evidence: ['migrationAdpDetected'] };
  const evidence: string[] = [];
  const positive = lexemes.filter((l) => l.polarity === 'positive');
  let debug = score(hay, cues.debug, evidence, 'debug');
  if (positive.some((l) => l.kind === 'ERROR_STRING')) {
    debug += 3;
    evidence.push('debug: error string quoted (+3)');
  }
  let api = score(hay, cues.api, evidence, 'api');
  if (positive.some((l) => l.kind === 'ENDPOINT_PATH')) {
    api += 3;
    evidence.push('api: endpoint path named (+3)');
  }
  const ui = score(hay, cues.ui, evidence, 'ui');
  const ranked: Array<[TaskType, number]> = [['debug', debug], ['api_contract', api], ['ui_feature', ui]];
  const best = ranked.reduce((a, b) => (b[1] > a[1] ? b : a));
  evidence.push(`scores debug=${debug} api_contract=${api} ui_feature=${ui}`);
  return { type: best[1] > 0 ? best[0] : 'unknown', evidence: evidence.sort() };
}
