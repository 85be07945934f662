import neo4j from 'neo4j-driver';

/**
 * A server that restarted has an empty query-plan cache: each query's first run plans it (measured on
 * the soak's instance right after a start: `plan/read-pack-files` 1.4 s, `plan/read-aggrid-chains`
 * 0.76 s, against 35 and 15 ms warm). So after a connection failure followed by a success, the Graph
 * EXPLAINs again, in the background and one at a time, every query this process has run. The plan
 * cache is keyed by the query text and its parameters' types, so each query is replayed with a
 * skeleton of the parameters it was first run with (same types, no data).
 */

/** The same shape and types as `value`, without its data: strings empty, lists cut to one element. */
export function typeSkeleton(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.length === 0 ? [] : [typeSkeleton(value[0])];
  if (neo4j.isInt(value)) return neo4j.int(0);
  if (typeof value === 'string') return '';
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  // Temporal and spatial driver values carry their type in their class: keep them as they are.
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, typeSkeleton(v)]));
  }
  return value;
}

interface SeenQuery {
  name: string;
  text: string;
  params: Record<string, unknown>;
}

/** Remembers the queries a process ran and replays their plans after a suspected server restart. */
export class PlanWarmer {
  private readonly seen = new Map<string, SeenQuery>();
  private suspected = false;
  private running = false;
  private stopped = false;

  /** Records a query's first run (later runs cost a map lookup). */
  record(name: string, text: string, params: Record<string, unknown>): void {
    if (!this.seen.has(name)) this.seen.set(name, { name, text, params: typeSkeleton(params) as Record<string, unknown> });
  }

  /** A connection failed: the server may be restarting. */
  suspectRestart(): void {
    this.suspected = true;
  }

  /**
   * After a successful call: when a restart was suspected, replays every recorded plan with `explain`
   * (sequentially; stops at the first unreachable server, which will be suspected again). Starts at a
   * random place in the list, so processes that reconnect together plan different queries first and
   * then find the others cached. Resolves with how many were planned (0 when nothing was due).
   */
  async afterSuccess(explain: (query: SeenQuery) => Promise<void>, isUnreachable: (error: unknown) => boolean): Promise<number> {
    if (!this.suspected || this.running || this.stopped) return 0;
    this.suspected = false;
    this.running = true;
    try {
      const list = [...this.seen.values()];
      const start = Math.floor(Math.random() * list.length);
      let planned = 0;
      for (const query of [...list.slice(start), ...list.slice(0, start)]) {
        if (this.stopped) break;
        try {
          await explain(query);
          planned += 1;
        } catch (error) {
          if (isUnreachable(error)) break;
          // A plan that fails with the skeleton's values is planned by its next real run instead.
        }
      }
      return planned;
    } finally {
      this.running = false;
    }
  }

  stop(): void {
    this.stopped = true;
  }
}
