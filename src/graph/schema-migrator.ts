import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../runtime/package-root.js';
import type { Graph } from './graph.js';
import { readSchemaVersion, setSchemaVersion } from './schema.queries.js';
import { int } from './values.js';

/** One versioned schema file from graph-schema/migrations (NNNN-name.cypher). */
export interface Migration {
  version: number;
  file: string;
  statements: string[];
}

/** Splits a migration file into statements: comments dropped, statements end with ';'. */
export function splitStatements(text: string): string[] {
  const withoutComments = text
    .split('\n')
    .filter((line) => !line.trim().startsWith('//'))
    .join('\n');
  return withoutComments
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Reads all migrations in version order. */
export function loadMigrations(dir = join(packageRoot(), 'graph-schema', 'migrations')): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}-[a-z0-9-]+\.cypher$/.test(f))
    .sort()
    .map((file) => ({ version: Number(file.slice(0, 4)), file, statements: splitStatements(readFileSync(join(dir, file), 'utf8')) }));
}

/** The newest schema version this build knows. */
export function latestSchemaVersion(): number {
  return Math.max(0, ...loadMigrations().map((m) => m.version));
}

/**
 * Applies every migration newer than the version stored in the graph, then waits for indexes to be
 * online. Statements are idempotent (IF NOT EXISTS), so a concurrent or interrupted run is harmless.
 */
export async function migrateSchema(graph: Graph, appliedBy = 'graphgate'): Promise<{ from: number; to: number; applied: string[] }> {
  const [row] = await graph.read(readSchemaVersion, {});
  const from = row?.version ?? 0;
  const applied: string[] = [];
  let to = from;
  for (const migration of loadMigrations()) {
    if (migration.version <= from) continue;
    for (const statement of migration.statements) await graph.runSchemaStatement(statement);
    await graph.write(setSchemaVersion, { version: int(migration.version), appliedBy });
    applied.push(migration.file);
    to = migration.version;
  }
  if (applied.length > 0) await graph.runSchemaStatement('CALL db.awaitIndexes(300)');
  return { from, to, applied };
}
