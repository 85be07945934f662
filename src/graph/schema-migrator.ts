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
 * Applies every migration the graph has not recorded as applied, in file order, then waits for indexes
 * to be online. Files are recorded one by one, so a migration numbered below one already applied
 * (two branches that each added one) still runs; a database from before files were recorded counts
 * every file up to its version as applied. Statements are idempotent (IF NOT EXISTS), so a concurrent
 * or interrupted run is harmless.
 */
export async function migrateSchema(graph: Graph, appliedBy = 'graphgate'): Promise<{ from: number; to: number; applied: string[] }> {
  const [row] = await graph.read(readSchemaVersion, {});
  const from = row?.version ?? 0;
  const migrations = loadMigrations();
  if (!row?.applied && from > 0) {
    // Recorded by version only: the files up to it were applied; record them so later runs go by file.
    for (const m of migrations.filter((x) => x.version <= from)) await graph.write(setSchemaVersion, { version: int(m.version), file: m.file, appliedBy });
  }
  const recorded = new Set(row?.applied ?? migrations.filter((m) => m.version <= from).map((m) => m.file));
  const applied: string[] = [];
  let to = from;
  for (const migration of migrations) {
    if (recorded.has(migration.file)) continue;
    for (const statement of migration.statements) await graph.runSchemaStatement(statement);
    await graph.write(setSchemaVersion, { version: int(migration.version), file: migration.file, appliedBy });
    applied.push(migration.file);
    to = Math.max(to, migration.version);
  }
  if (applied.length > 0) await graph.runSchemaStatement('CALL db.awaitIndexes(300)');
  return { from, to, applied };
}
