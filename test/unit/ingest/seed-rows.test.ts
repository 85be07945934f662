import { describe, expect, it } from 'vitest';
import { parseSeedText, rowProps } from '../../../ingest/policy/seed-loader.js';
import { matchAnchors, seedDirs } from '../../../ingest/policy/policy-ingest.js';
import { loadSeeds } from '../../../ingest/policy/seed-loader.js';

const meta = '"version":1,"updated_at":"2026-01-01T00:00:00Z","updated_by":"me"';

describe('seed row validation', () => {
  it('reports each bad line with its number and keeps the good ones', () => {
    const text = [
      `{"id":"p1","type":"policy",${meta},"severity":"hard","rule":"r"}`,
      '',
      'not json',
      `{"id":"p2","type":"policy","version":0,"updated_at":"yesterday","updated_by":"me","severity":"medium","rule":"r"}`,
      `{"id":"p3","type":"policy",${meta},"severity":"soft","rule":"r","surprise":1}`,
      `{"id":"m1","type":"migration_rule",${meta},"from_tag":"adp-x","to_tag":null,"status":"no_analog"}`,
    ].join('\n');
    const { rows, errors } = parseSeedText(text, 'seed.jsonl', 'repo');
    expect(rows.map((r) => [r.row.id, r.line])).toEqual([['p1', 1], ['m1', 6]]);
    expect(errors.map((e) => e.line)).toEqual([3, 4, 5]);
    expect(errors[1]?.message).toMatch(/version.*updated_at.*severity/s);
    expect(errors[2]?.message).toContain('surprise');
  });

  it('requires id, type, version, updated_at and updated_by on every row', () => {
    for (const field of ['id', 'type', 'version', 'updated_at', 'updated_by']) {
      const row = JSON.parse(`{"id":"p1","type":"policy",${meta},"severity":"hard","rule":"r"}`) as Record<string, unknown>;
      delete row[field];
      expect(parseSeedText(JSON.stringify(row), 'f.jsonl', 'repo').errors, field).toHaveLength(1);
    }
  });

  it('maps rows to graph properties: camelCase, objects as JSON, confirmed → approved', () => {
    const { rows } = parseSeedText(`{"id":"m","type":"migration_rule",${meta},"from_tag":"adp-a","to_tag":"sdf-a","status":"confirmed","prop_mappings":{"type":"severity"}}`, 'f.jsonl', 'repo');
    const { label, props } = rowProps(rows[0]!);
    expect(label).toBe('MigrationRule');
    expect(props).toMatchObject({ sourceTag: 'adp-a', targetTag: 'sdf-a', status: 'approved', propMappingsJson: '{"type":"severity"}', updatedBy: 'me', source: 'repo', sourceFile: 'f.jsonl:1' });
  });

  it('ships a default seed set that validates cleanly and covers every status and strategy', () => {
    const { rows, errors } = loadSeeds(seedDirs('/nonexistent-repo'));
    expect(errors).toEqual([]);
    const rules = rows.filter((r) => r.row.type === 'migration_rule').map((r) => (r.row as { status: string }).status).sort();
    expect(rules).toEqual(['approved', 'candidate', 'no_analog', 'unknown']);
    expect(rows.filter((r) => r.row.type === 'strategy')).toHaveLength(4);
    expect(rows.filter((r) => r.row.type === 'recipe').map((r) => (r.row as { name: string }).name).sort()).toEqual(['replace_lexeme_in_file', 'run_targeted_validation']);
  });
});

describe('anchor scopes', () => {
  const anchors = [{ id: 'a0', path: '.' }, { id: 'a1', path: 'src' }, { id: 'a2', path: 'src/app/orders' }, { id: 'a3', path: 'src/app/ordersx' }];
  it('matches globs, exact paths and ids', () => {
    expect(matchAnchors(anchors, ['src/app/orders/**'])).toEqual(['a2']);
    expect(matchAnchors(anchors, ['src'])).toEqual(['a1']);
    expect(matchAnchors(anchors, ['a3', 'src/app/*'])).toEqual(['a2', 'a3']);
  });
});
