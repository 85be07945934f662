import type { Graph, RunOptions } from '../../graph/index.js';
import { AppError } from '../../errors/index.js';
import type { Lexeme } from '../lexemes/lexeme.model.js';
import type { Candidate, Lane } from '../rank/candidate.model.js';

/** What every lane service needs. */
export interface LaneContext {
  graph: Graph;
  repoId: string;
  run?: RunOptions;
}

/** What a lane returns: its candidates, whether it searched at all, and notes for the pack's missingness. */
export interface LaneResult {
  lane: Lane;
  candidates: Candidate[];
  /** False when the lexemes gave this lane nothing to look for (it is then not listed as "searched"). */
  searched: boolean;
  notes: string[];
}

/** Positive lexemes of the given kinds. */
export function lexemesOf(lexemes: readonly Lexeme[], kinds: readonly Lexeme['kind'][]): Lexeme[] {
  return lexemes.filter((l) => l.polarity === 'positive' && kinds.includes(l.kind));
}

/**
 * Runs a lane query; a query the server refuses (a Lucene parse error on hostile text, say) becomes an
 * empty lane with a note, never an error. Unavailability, timeouts and cancellation still throw.
 */
export async function guardedLane<T>(lane: Lane, work: () => Promise<T[]>): Promise<{ rows: T[]; notes: string[] }> {
  try {
    return { rows: await work(), notes: [] };
  } catch (error) {
    if (error instanceof AppError && error.code === 'GRAPH_QUERY_FAILED') {
      return { rows: [], notes: [`${lane} lane: the graph refused the query (${String(error.details.neo4jCode ?? 'query error')}); the lane contributed nothing`] };
    }
    throw error;
  }
}
