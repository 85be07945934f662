import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { loadQuery, type Graph } from '../../src/graph/index.js';
import { canonicalRepoPath, writeFileNoFollow } from '../../src/paths/index.js';
import { parseSeedText, type SeedProblem } from './seed-loader.js';
import { SEED_TYPES, seedRowSchema, type SeedRow, type SeedType } from './seed-schema.js';

const readRecords = loadQuery<{ repoId: string; sources: string[] }, { label: string; props: Record<string, unknown>; sourceFile: string }>('ingest/seed-read-records.cypher');

// Properties ingestion adds to a row (identity, provenance, supersede bookkeeping): not part of the row.
const SYSTEM = new Set(['id', 'repoId', 'recordId', 'contentHash', 'source', 'sourceFile', 'createdAt', 'current', 'supersededBy']);
const RENAMES: Record<string, string> = { sourceTag: 'from_tag', targetTag: 'to_tag' };
const snake = (k: string): string => RENAMES[k] ?? k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const TYPES = Object.fromEntries(Object.entries(SEED_TYPES).map(([type, label]) => [label, type])) as Record<string, SeedType>;
const hashOf = (row: SeedRow): string => createHash('sha256').update(JSON.stringify(row)).digest('hex').slice(0, 32);

/**
 * The seed row a stored record was ingested from: the inverse of `rowProps` (snake_case keys,
 * `<key>Json` parsed back, the record id as `id`), checked against the record's content hash. A
 * `confirmed` MigrationRule is stored as `approved`; the hash tells which one the file said. A row
 * that validates but misses the hash is returned with a `mismatch` note.
 */
export function rowFromRecord(label: string, props: Record<string, unknown>): { row: SeedRow; mismatch?: string } | { error: string } {
  const type = TYPES[label];
  if (!type) return { error: `unknown policy-plane label ${label}` };
  const raw: Record<string, unknown> = { id: props.recordId, type };
  for (const [key, value] of Object.entries(props)) {
    if (SYSTEM.has(key) || value === null || value === undefined) continue;
    if (key.endsWith('Json') && typeof value === 'string') {
      try {
        raw[snake(key.slice(0, -4))] = JSON.parse(value) as unknown;
      } catch {
        return { error: `${key} is not valid JSON` };
      }
    } else raw[snake(key)] = value;
  }
  const attempts = type === 'migration_rule' && raw.status === 'approved' ? [raw, { ...raw, status: 'confirmed' }] : [raw];
  const rows: SeedRow[] = [];
  for (const attempt of attempts) {
    const parsed = seedRowSchema.safeParse(attempt);
    if (!parsed.success) return { error: parsed.error.issues.map((i) => `${i.path.join('.') || '(row)'}: ${i.message}`).join('; ') };
    if (props.contentHash === undefined || hashOf(parsed.data) === props.contentHash) return { row: parsed.data };
    rows.push(parsed.data);
  }
  return { row: rows[0] as SeedRow, mismatch: `the row read back does not reproduce its content hash ${String(props.contentHash)}; exported as stored` };
}

export interface ExportSummary {
  /** Seed files (relative to the output folder) with how many rows each holds and whether this run rewrote it. */
  files: Array<{ file: string; rows: number; written: boolean }>;
  problems: SeedProblem[];
}

/** A stored source name is data: only a relative `.jsonl` path that stays inside the output folder is written. */
export function exportableFile(file: string): boolean {
  return canonicalRepoPath(file).ok && file.endsWith('.jsonl');
}

/** Files and their rows, in the order they were read (file, then line). */
export function groupByFile(records: Array<{ row: SeedRow; sourceFile: string }>): Map<string, SeedRow[]> {
  const located = records.map((r) => {
    const match = /^(graphgate:)?\.ai\/graph\/seed\/(.+):(\d+)$/.exec(r.sourceFile);
    // graphgate's shipped rows go to their own folder, so they never mix into a repository's file.
    const file = match ? `${match[1] ? 'graphgate/' : ''}${match[2]}` : 'exported.jsonl';
    return { row: r.row, file, line: match ? Number(match[3]) : Number.MAX_SAFE_INTEGER };
  });
  located.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.row.version - b.row.version));
  const files = new Map<string, SeedRow[]>();
  for (const { file, row } of located) files.set(file, [...(files.get(file) ?? []), row]);
  return files;
}

/**
 * Writes a repository's policy plane from the graph back to seed JSONL (`graphgate graph export`):
 * every version of every record, in the file and order it came from, one canonical JSON row a line.
 * A file whose rows already parse to the same rows is left as it is, so exporting into the seed folder
 * itself only rewrites what disagrees with the graph. Records that cannot be turned back into a valid
 * row are reported, not written.
 */
export async function exportPolicyPlane(input: { graph: Graph; repoId: string; out: string; includeDefaults?: boolean }): Promise<ExportSummary> {
  const sources = input.includeDefaults ? ['repo', 'default'] : ['repo'];
  const stored = await input.graph.read(readRecords, { repoId: input.repoId, sources });
  const problems: SeedProblem[] = [];
  const records: Array<{ row: SeedRow; sourceFile: string }> = [];
  for (const r of stored) {
    const result = rowFromRecord(r.label, r.props);
    const where = { file: r.sourceFile.replace(/:\d+$/, ''), line: Number(r.sourceFile.split(':').pop()) || 0 };
    const note = 'row' in result ? result.mismatch : result.error;
    if (note) problems.push({ ...where, message: `${String(r.props.recordId)}@${String(r.props.version)}: ${note}` });
    if ('row' in result) records.push({ row: result.row, sourceFile: r.sourceFile });
  }
  await mkdir(input.out, { recursive: true });
  const out = await realpath(input.out);
  const files: ExportSummary['files'] = [];
  const groups = [...groupByFile(records)].filter(([file]) => {
    const ok = exportableFile(file);
    if (!ok) problems.push({ file, line: 0, message: 'not a relative .jsonl path inside the output folder; not written' });
    return ok;
  });
  for (const [file, rows] of groups) {
    const text = `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`;
    const path = join(out, file);
    const before = existsSync(path) ? parseSeedText(readFileSync(path, 'utf8'), file, 'repo') : null;
    const same = before !== null && before.errors.length === 0 && JSON.stringify(before.rows.map((r) => r.row)) === JSON.stringify(rows);
    if (!same) await writeFileNoFollow(out, [], file, text);
    files.push({ file, rows: rows.length, written: !same });
  }
  return { files, problems };
}
