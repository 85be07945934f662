import { createHash } from 'node:crypto';
import neo4j from 'neo4j-driver';

/**
 * Neo4j keeps a query's plan in a cache keyed by the query text and the types of its parameters, and
 * a (re)started server has an empty cache: each query's first run plans it, 10 to 40 times its warm
 * time on a cold JVM (src/graph/README.md, "Query plans after a start"). So every process notes the
 * shape of each query it runs (its name and its parameters' types, no data), and whoever starts the
 * server replays them with EXPLAIN before anyone needs them (plan-warmup.ts).
 */

/** The type of a parameter value as the plan cache sees it: scalar kinds, lists by their first element, maps by their keys. */
export type ParamType =
  | { t: 'null' | 'str' | 'int' | 'float' | 'bool' | 'other' }
  | { t: 'list'; of?: ParamType }
  | { t: 'map'; f: Record<string, ParamType> };

export function describeParam(value: unknown): ParamType {
  if (value === null || value === undefined) return { t: 'null' };
  if (Array.isArray(value)) return value.length === 0 ? { t: 'list' } : { t: 'list', of: describeParam(value[0]) };
  if (neo4j.isInt(value)) return { t: 'int' };
  if (typeof value === 'string') return { t: 'str' };
  // The driver sends every JavaScript number as a float; whole numbers go through neo4j.int.
  if (typeof value === 'number') return { t: 'float' };
  if (typeof value === 'boolean') return { t: 'bool' };
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return { t: 'map', f: Object.fromEntries(entries.map(([k, v]) => [k, describeParam(v)])) };
  }
  // Temporal and spatial values: a skeleton cannot rebuild them, so their query is planned on first use.
  return { t: 'other' };
}

/** A value of the described type with no data (empty strings, zero, one-element lists). */
export function skeletonOf(type: ParamType): unknown {
  switch (type.t) {
    case 'str': return '';
    case 'int': return neo4j.int(0);
    case 'float': return 0.5;
    case 'bool': return false;
    case 'list': return type.of ? [skeletonOf(type.of)] : [];
    case 'map': return Object.fromEntries(Object.entries(type.f).map(([k, v]) => [k, skeletonOf(v)]));
    default: return null;
  }
}

export interface QueryShape {
  key: string;
  /** The registry name (`plan/read-pack-files`): the text is read from `cypher/` when replayed. */
  name: string;
  /** JSON of the parameters' ParamType map. */
  params: string;
}

export function queryShape(name: string, params: Record<string, unknown>): QueryShape {
  const json = JSON.stringify(describeParam(params));
  return { key: createHash('sha256').update(`${name}\u0000${json}`).digest('hex').slice(0, 24), name, params: json };
}

/** Shapes a process notes at most: enough for every registry query in a few parameter variants. */
const MAX_SHAPES = 2_000;
/** Variants of one query a process notes (queries whose row maps differ by optional keys would otherwise grow). */
const MAX_PER_NAME = 4;

/** The shapes one process has run and not yet written, each once. */
export class QueryShapeRecorder {
  private readonly seen = new Map<string, Set<string>>();
  private total = 0;
  private pending: QueryShape[] = [];

  /** Returns true when this shape is new to the process (then it waits in `takePending`). */
  note(name: string, params: Record<string, unknown>): boolean {
    if (this.total >= MAX_SHAPES) return false;
    const variants = this.seen.get(name) ?? new Set<string>();
    if (variants.size >= MAX_PER_NAME) return false;
    const shape = queryShape(name, params);
    if (variants.has(shape.key)) return false;
    variants.add(shape.key);
    this.seen.set(name, variants);
    this.total += 1;
    this.pending.push(shape);
    return true;
  }

  get hasPending(): boolean {
    return this.pending.length > 0;
  }

  takePending(): QueryShape[] {
    const taken = this.pending;
    this.pending = [];
    return taken;
  }

  /** Puts back shapes a failed write did not store (the next write tries again). */
  giveBack(shapes: QueryShape[]): void {
    this.pending = [...shapes, ...this.pending];
  }
}
