import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Graph } from '../../src/graph/graph.js';
import { latestSchemaVersion, loadMigrations, migrateSchema } from '../../src/graph/schema-migrator.js';
import { readSchemaVersion } from '../../src/graph/schema.queries.js';
import { openTestGraph } from '../support/graph.js';
import { loadQuery } from '../../src/graph/query-registry.js';

const listIndexes = loadQuery<Record<string, never>, { name: string; type: string; state: string }>('schema/list-indexes.cypher');
const listConstraints = loadQuery<Record<string, never>, { name: string; labels: string[] }>('schema/list-constraints.cypher');

describe('graph schema', () => {
  let graph: Graph;
  beforeAll(() => {
    graph = openTestGraph();
  });
  afterAll(async () => graph.close());

  it('stores the latest applied schema version in the graph', async () => {
    const [row] = await graph.read(readSchemaVersion, {});
    expect(row?.version).toBe(latestSchemaVersion());
  });

  it('records every migration file it applied, so one numbered below an applied one still runs', async () => {
    const [row] = await graph.read(readSchemaVersion, {});
    expect(row?.applied).toEqual(expect.arrayContaining(loadMigrations().map((m) => m.file)));
  });

  it('is idempotent: migrating again applies nothing', async () => {
    const result = await migrateSchema(graph, 'schema-test');
    expect(result.applied).toEqual([]);
    expect(result.to).toBe(latestSchemaVersion());
  });

  it('creates every constraint and index the migrations declare, all online', async () => {
    const declared = loadMigrations().flatMap((m) => m.statements).map((s) => /(?:CONSTRAINT|INDEX) (\w+)/.exec(s)?.[1]).filter(Boolean);
    const indexes = await graph.read(listIndexes, {});
    const constraints = await graph.read(listConstraints, {});
    const present = new Set([...indexes.map((i) => i.name), ...constraints.map((c) => c.name)]);
    expect(declared.filter((name) => !present.has(name as string))).toEqual([]);
    expect(indexes.filter((i) => i.state !== 'ONLINE')).toEqual([]);
  });

  it('has a uniqueness constraint on id for the core labels of every plane', async () => {
    const constraints = await graph.read(listConstraints, {});
    const labels = new Set(constraints.flatMap((c) => c.labels));
    for (const label of ['Fact', 'File', 'Symbol', 'Route', 'Usage', 'Policy', 'MigrationRule', 'Memory', 'Work', 'ContextPack', 'PlanNode']) {
      expect(labels.has(label), label).toBe(true);
    }
  });

  it('has the five full-text indexes of the lexical lane and the history lane\'s', async () => {
    const fulltext = (await graph.read(listIndexes, {})).filter((i) => i.type === 'FULLTEXT').map((i) => i.name).sort();
    expect(fulltext).toEqual(expect.arrayContaining(['ft_commit_message', 'ft_endpoint_path', 'ft_file_path', 'ft_route_path', 'ft_symbol_name', 'ft_template_tag']));
  });
});
