import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { globSync } from 'tinyglobby';
import { textMemo } from '../../src/runtime/text-memo.js';
import type { PropValue } from '../model/facts.js';
import { SEED_TYPES, seedRowSchema, type SeedRow } from './seed-schema.js';

export interface SeedProblem {
  file: string;
  line: number;
  message: string;
}

export interface LoadedRow {
  row: SeedRow;
  file: string;
  line: number;
  /** `default` for graphgate's shipped seed set, `repo` for the repository's own. */
  source: 'default' | 'repo';
}

export interface SeedDir {
  dir: string;
  /** How files of this dir are named in errors (`.ai/graph/seed/` or `graphgate:.ai/graph/seed/`). */
  label: string;
  source: LoadedRow['source'];
}

/** All `*.jsonl` files under a seed dir, sorted (so ids, errors and hashes are deterministic). */
export function seedFiles(dir: string): string[] {
  return existsSync(dir) ? globSync('**/*.jsonl', { cwd: dir, followSymbolicLinks: false }).sort() : [];
}

/** Validates one JSONL text; every problem is reported with its 1-based line. */
export function parseSeedText(text: string, file: string, source: LoadedRow['source']): { rows: LoadedRow[]; errors: SeedProblem[] } {
  const rows: LoadedRow[] = [];
  const errors: SeedProblem[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (!raw.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      errors.push({ file, line, message: `not valid JSON: ${(error as Error).message}` });
      return;
    }
    const parsed = seedRowSchema.safeParse(value);
    if (parsed.success) rows.push({ row: parsed.data, file, line, source });
    else errors.push({ file, line, message: parsed.error.issues.map((i) => `${i.path.join('.') || '(row)'}: ${i.message}`).join('; ') });
  });
  return { rows, errors };
}

/** The last parse of each seed file by source and name: every ingest run reads them, and they rarely change (3 ms a run for the shipped set). */
const seedParses = textMemo<ReturnType<typeof parseSeedText>>();

/**
 * Loads and validates every seed file of the given dirs, in order (defaults first). The same id
 * and version twice with different content is an error (a changed record needs a new version).
 */
export function loadSeeds(dirs: SeedDir[]): { rows: LoadedRow[]; errors: SeedProblem[]; hash: string } {
  const hash = createHash('sha256');
  const rows: LoadedRow[] = [];
  const errors: SeedProblem[] = [];
  const seen = new Map<string, { content: string; at: string }>();
  for (const { dir, label, source } of dirs) {
    for (const rel of seedFiles(dir)) {
      const text = readFileSync(join(dir, rel), 'utf8');
      const file = `${label}${rel}`;
      hash.update(`${file}\0${text}\0`);
      const result = seedParses(`${source}\0${file}`, text, (t) => parseSeedText(t, file, source));
      errors.push(...result.errors);
      for (const loaded of result.rows) {
        const key = `${loaded.row.id}@${loaded.row.version}`;
        const content = JSON.stringify(loaded.row);
        const before = seen.get(key);
        if (before && before.content !== content) {
          if (source === 'repo' && before.at.startsWith('graphgate:')) {
            errors.push({ file, line: loaded.line, message: `id "${loaded.row.id}" version ${loaded.row.version} is a shipped default; use a higher version to supersede it` });
          } else errors.push({ file, line: loaded.line, message: `id "${loaded.row.id}" version ${loaded.row.version} already defined differently at ${before.at}` });
          continue;
        }
        if (!before) seen.set(key, { content, at: `${file}:${loaded.line}` }), rows.push(loaded);
      }
    }
  }
  return { rows, errors, hash: hash.digest('hex') };
}

const RENAMES: Record<string, string> = { from_tag: 'sourceTag', to_tag: 'targetTag' };
const camel = (k: string): string => RENAMES[k] ?? k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Graph properties of a row: camelCase keys, nested objects as `<key>Json` strings, status normalised. */
export function rowProps(loaded: LoadedRow): { label: string; props: Record<string, PropValue> } {
  const props: Record<string, PropValue> = {};
  for (const [key, value] of Object.entries(loaded.row)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'object' && !Array.isArray(value)) props[`${camel(key)}Json`] = JSON.stringify(value);
    else props[camel(key)] = value as PropValue;
  }
  if (loaded.row.type === 'migration_rule' && props.status === 'confirmed') props.status = 'approved';
  props.contentHash = createHash('sha256').update(JSON.stringify(loaded.row)).digest('hex').slice(0, 32);
  props.source = loaded.source;
  props.sourceFile = `${loaded.file}:${loaded.line}`;
  return { label: SEED_TYPES[loaded.row.type], props };
}
