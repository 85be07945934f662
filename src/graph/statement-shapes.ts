import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import neo4j from 'neo4j-driver';
import { graphgateHome } from './local-neo4j/layout.js';

/**
 * The shape of a statement's parameters, as Neo4j keys its plan cache: the query text plus each
 * parameter's type, where a list, and a string passed as a parameter of its own, count by their
 * size bucket (0, 1, 2–10, 11–100, 101–1000, …: each bucket is planned apart; measured on 5.26).
 * What a list or map holds does not key the plan beyond its first level (a nested list's size, a null
 * or a string's length inside a map: measured on session/commit-turn), so it is shaped loosely.
 * Values never enter a shape.
 */
export type ParamShape =
  | 'null' | 'string' | 'boolean' | 'integer' | 'float'
  | { string: number }
  | { list: number; of: ParamShape | null }
  | { map: Record<string, ParamShape> };

export interface StatementShape {
  /** Registry name (`plan/read-pack-files`). */
  query: string;
  params: Record<string, ParamShape>;
  /** How many processes of this machine ran this shape (each counts once; a cache, so approximate). */
  processes?: number;
}

/** Most shapes kept in the store (a few per statement; the registry has ~260 statements). */
const MAX_SHAPES = 1_500;
/** Largest list or string a warm-up builds (the 1001+ bucket's first size). */
const MAX_SAMPLE_SIZE = 1_001;
/** Deeper values are not shaped (our parameters nest two levels at most). */
const MAX_DEPTH = 4;

/** The smallest size of the plan-cache bucket `n` falls in: 0, 1, 2, 11, 101, 1001, … */
export function sizeBucket(n: number): number {
  if (n <= 1) return n;
  return 10 ** Math.floor(Math.log10(n - 1)) + 1;
}

/** The shape of one value, or undefined for one a warm-up could not rebuild (temporal and spatial values). */
export function shapeOf(value: unknown, depth = 0): ParamShape | undefined {
  // Inside a list or map only the keys count (a map parameter is keyed as a map): nulls replay as strings.
  if (value === null || value === undefined) return depth > 0 ? 'string' : 'null';
  if (typeof value === 'string') return depth === 0 ? { string: sizeBucket(value.length) } : 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return 'float';
  if (typeof value === 'bigint' || neo4j.isInt(value)) return 'integer';
  if (depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    // Only a parameter's own size keys the plan; a list inside a list or map is replayed empty.
    if (depth > 0) return { list: 0, of: null };
    const of = value.length > 0 ? shapeOf(value[0], depth + 1) : null;
    return of === undefined ? undefined : { list: sizeBucket(value.length), of };
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const map: Record<string, ParamShape> = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      const shape = shapeOf(inner, depth + 1);
      if (shape === undefined) return undefined;
      map[key] = shape;
    }
    return { map };
  }
  return undefined;
}

/** Parameters of the given shape holding values that match no stored key (a warm-up must find nothing). */
export function sampleParams(params: Record<string, ParamShape>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).map(([key, shape]) => [key, sampleOf(shape)]));
}

/** The store is a file anyone with the home directory can edit: a size is a bucket's first size, within reason. */
function sampleSize(n: unknown): number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? Math.min(n, MAX_SAMPLE_SIZE) : 0;
}

/** A string of `length` characters that no stored key has (length 0 gives '', as the recorded call had). */
function noKey(length: number): string {
  return `\u0000${'graphgate-warm-up'.padEnd(Math.max(0, length - 1), '-')}`.slice(0, length);
}

function sampleOf(shape: ParamShape): unknown {
  switch (shape) {
    case 'null': return null;
    case 'string': return noKey(18);
    case 'boolean': return false;
    case 'integer': return neo4j.int(0);
    case 'float': return 0;
    default:
      if ('string' in shape) return noKey(sampleSize(shape.string));
      if ('list' in shape) return Array.from({ length: sampleSize(shape.list) }, () => (shape.of === null ? null : sampleOf(shape.of)));
      return sampleParams(shape.map);
  }
}

/**
 * The parameters a statement's text cannot run without (`$name`, outside comments and string literals).
 * A recorded shape that lacks one was recorded for an older text of the statement (session 29 moved
 * many values into one map parameter): replaying it only fails, so a warm-up skips it.
 */
export function requiredParams(text: string): Set<string> {
  // Strings end on their line: an apostrophe in a comment ("a work's plan") must not swallow the lines below.
  const code = text.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, "''").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  return new Set([...code.matchAll(/\$([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!));
}

/** Whether a recorded shape still fits its statement's current text: every required parameter (`requiredParams`) present. */
export function fitsText(shape: StatementShape, required: ReadonlySet<string>): boolean {
  for (const name of required) if (!(name in shape.params)) return false;
  return true;
}

const keyOf = (shape: StatementShape): string => `${shape.query} ${JSON.stringify(shape.params)}`;

/**
 * Where shapes are kept: one file per machine, beside the local servers (GRAPHGATE_HOME), or
 * GRAPHGATE_STATEMENT_SHAPES (a file, or `off`: record nothing, warm nothing; the test suite's setting).
 */
export function defaultShapeFile(env: NodeJS.ProcessEnv = process.env): string | null {
  const configured = env.GRAPHGATE_STATEMENT_SHAPES;
  if (configured === 'off') return null;
  return configured ? configured : join(graphgateHome(), 'statement-shapes.json');
}

/** The stored shapes, oldest first; a missing or unreadable file holds none. */
export function readShapes(file: string): StatementShape[] {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { version?: number; shapes?: unknown };
    if (parsed.version !== 1 || !Array.isArray(parsed.shapes)) return [];
    return parsed.shapes.filter((s): s is StatementShape => !!s && typeof s === 'object' && typeof (s as StatementShape).query === 'string'
      && !!(s as StatementShape).params && typeof (s as StatementShape).params === 'object');
  } catch {
    return [];
  }
}

const processesOf = (shape: StatementShape): number => (typeof shape.processes === 'number' && Number.isFinite(shape.processes) && shape.processes > 0 ? shape.processes : 0);

/**
 * The order a warm-up plans shapes in: run by the most processes first, ties oldest first. After a
 * restart the statements every MCP server runs (the turn log, the work, the leases) are then planned
 * before the bulk-size shapes only a large first ingest runs. Counting processes, not runs, keeps one
 * monorepo ingest's thousands of batches from ranking first.
 */
export function warmOrder(shapes: readonly StatementShape[]): StatementShape[] {
  return shapes.map((shape, i) => ({ shape, i })).sort((a, b) => processesOf(b.shape) - processesOf(a.shape) || a.i - b.i).map((x) => x.shape);
}

/** The store cut back to MAX_SHAPES: the least common shapes go first, never one this process just ran. */
function trimmed(stored: StatementShape[], noted: StatementShape[]): StatementShape[] {
  const fresh = new Set(noted.map(keyOf));
  const others = stored.filter((s) => !fresh.has(keyOf(s)));
  const kept = new Set(warmOrder(others).slice(0, Math.max(0, MAX_SHAPES - fresh.size)));
  return stored.filter((s) => kept.has(s) || fresh.has(keyOf(s)));
}

/**
 * Notes the shape of every registry statement a process runs, once per process, and merges it into
 * the store (adding one to its `processes`), so a later warm-up (warm-plans.ts) can have the server
 * plan them, the most common first.
 */
export class ShapeRecorder {
  private readonly seen = new Set<string>();
  private pending: StatementShape[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(readonly file: string, private readonly flushEveryMs = 10_000) {}

  note(query: string, params: Record<string, unknown>): void {
    const shaped: Record<string, ParamShape> = {};
    for (const [key, value] of Object.entries(params)) {
      const shape = shapeOf(value);
      if (shape === undefined) return;
      shaped[key] = shape;
    }
    const shape = { query, params: shaped };
    const key = keyOf(shape);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.pending.push(shape);
    this.timer ??= setTimeout(() => this.flush(), this.flushEveryMs).unref();
  }

  /**
   * Merges the noted shapes into the file (read, count, write aside, rename). Two processes flushing
   * at once can drop each other's notes. Never throws: it is a cache.
   */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const noted = this.pending;
    this.pending = [];
    try {
      const stored = readShapes(this.file);
      const byKey = new Map(stored.map((s) => [keyOf(s), s]));
      for (const shape of noted) {
        const known = byKey.get(keyOf(shape));
        if (known) known.processes = processesOf(known) + 1;
        else stored.push({ ...shape, processes: 1 });
      }
      const merged = stored.length > MAX_SHAPES ? trimmed(stored, noted) : stored;
      mkdirSync(dirname(this.file), { recursive: true });
      const aside = `${this.file}.${process.pid}.tmp`;
      writeFileSync(aside, JSON.stringify({ version: 1, shapes: merged }));
      renameSync(aside, this.file);
    } catch {
      // A read-only home or a full disk costs the warm-up, never a query.
    }
  }
}
