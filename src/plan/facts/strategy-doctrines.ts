import type { Integer } from 'neo4j-driver';
import { int, loadQuery, type GraphReader, type RunOptions } from '../../graph/index.js';
import { DEFAULT_DOCTRINES, type StrategyDoctrine } from '../context.js';
import { planDoctrineSeed } from '../schema/doctrine.schema.js';

/** One current Strategy record of the policy plane. */
export interface StrategyRecordRow {
  recordId: string;
  name: string;
  version: number;
  source: string | null;
  sourceFile: string | null;
  planDoctrineJson: string | null;
}

const readStrategyDoctrines = loadQuery<{ repoId: string; limit: Integer }, StrategyRecordRow>('plan/read-strategy-doctrines.cypher');

/** The doctrine table validation uses, and the Strategy records it skipped (with why). */
export interface DoctrineTable {
  doctrines: Readonly<Record<string, StrategyDoctrine>>;
  problems: string[];
}

// A repository's own record beats graphgate's shipped default; then the record id decides (deterministic).
const rank = (row: StrategyRecordRow): string => `${row.source === 'repo' ? 0 : 1}\u0000${row.recordId}`;

/**
 * Builds the doctrine table from the graph's current Strategy records: each strategy whose record
 * carries a valid `plan_doctrine` gets that doctrine; a strategy with none in the graph falls back to
 * the built-in table (DEFAULT_DOCTRINES). An unparsable doctrine is skipped and reported, never guessed.
 */
export function doctrineTable(rows: readonly StrategyRecordRow[]): DoctrineTable {
  const doctrines: Record<string, StrategyDoctrine> = { ...DEFAULT_DOCTRINES };
  const problems: string[] = [];
  const fromGraph = new Set<string>();
  for (const row of [...rows].sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0))) {
    if (row.planDoctrineJson === null || fromGraph.has(row.name)) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(row.planDoctrineJson);
    } catch {
      raw = undefined;
    }
    const parsed = planDoctrineSeed.safeParse(raw);
    if (!parsed.success) {
      problems.push(`${row.recordId}@${row.version} (${row.sourceFile ?? 'graph'}): plan_doctrine ignored: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
      continue;
    }
    const d = parsed.data;
    fromGraph.add(row.name);
    doctrines[row.name] = {
      strategyId: row.name,
      allowedConcerns: d.allowed_concerns,
      validatePerChange: d.validate_per_change,
      permittedSwitches: d.permitted_switches ?? [],
      requiredSequence: d.required_sequence ?? [],
      source: `${row.recordId}@${row.version}`,
    };
  }
  return { doctrines, problems };
}

/** The repository's doctrine table (one bounded query; built-in doctrines where the graph has none). */
export async function loadStrategyDoctrines(graph: GraphReader, repoId: string, run?: RunOptions): Promise<DoctrineTable> {
  return doctrineTable(await graph.read(readStrategyDoctrines, { repoId, limit: int(500) }, run));
}
