import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../runtime/package-root.js';

/** A parameterised Cypher statement loaded from `cypher/`, typed by its parameters and result rows. */
export interface Query<P extends Record<string, unknown>, R> {
  readonly name: string;
  readonly file: string;
  readonly text: string;
  /** Phantom fields carrying the types; never set at run time. */
  readonly __params?: P;
  readonly __row?: R;
}

const loaded = new Map<string, Query<Record<string, unknown>, unknown>>();

/**
 * Loads `cypher/<file>` once (at module load, so a missing file fails at start, not mid-request).
 * The file must start with a `// <file> — ...` header comment.
 */
export function loadQuery<P extends Record<string, unknown>, R>(file: string): Query<P, R> {
  const existing = loaded.get(file);
  if (existing) return existing as Query<P, R>;
  const text = readFileSync(join(packageRoot(), 'cypher', file), 'utf8');
  if (!text.startsWith(`// ${file}`)) throw new Error(`cypher/${file} must start with the header "// ${file} — <what it does>"`);
  const query: Query<P, R> = { name: file.replace(/\.cypher$/, ''), file, text };
  loaded.set(file, query as Query<Record<string, unknown>, unknown>);
  return query;
}

/** Every query loaded so far (the registry test compares this with the files on disk). */
export function loadedQueries(): Array<Query<Record<string, unknown>, unknown>> {
  return [...loaded.values()];
}
