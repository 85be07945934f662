import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kind, parse, type ObjectTypeDefinitionNode, type StringValueNode, type ListValueNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../ingest/index.js';
import type { Graph } from '../../src/graph/graph.js';
import { loadQuery } from '../../src/graph/query-registry.js';
import { packageRoot } from '../../src/runtime/package-root.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';

const labelSetsWithKeys = loadQuery<{ repoId: string }, { labels: string[]; keys: string[]; nodes: number }>(
  'test-support/label-sets-with-keys.cypher',
);

/**
 * Fields the fact-plane typeDefs declare that the fixture workspace legitimately never sets
 * (optional facts). Anything else missing means the typeDefs drifted from what ingestion writes:
 * @neo4j/graphql would silently answer null for it.
 */
const OPTIONAL_IN_FIXTURE: Record<string, string[]> = {
  Repo: ['remote', 'overlayOf', 'workId'], // the fixture is not its own git repository, so it has no remote; a repository is no work's overlay
  NavTrigger: ['menuEntry'], // only routerLinks bound to a loop over a menu array carry it
};

interface NodeType { name: string; labels: string[]; fields: string[] }

/** Every @node type of fact-plane.graphql with its labels and its plain (non-relationship) fields. */
function factPlaneTypes(): NodeType[] {
  const sdl = readFileSync(join(packageRoot(), 'graph-schema', 'typedefs', 'fact-plane.graphql'), 'utf8');
  return parse(sdl).definitions
    .filter((d): d is ObjectTypeDefinitionNode => d.kind === Kind.OBJECT_TYPE_DEFINITION)
    .flatMap((def) => {
      const node = def.directives?.find((d) => d.name.value === 'node');
      if (!node) return [];
      const labelsArg = node.arguments?.find((a) => a.name.value === 'labels')?.value as ListValueNode | undefined;
      const labels = labelsArg ? labelsArg.values.map((v) => (v as StringValueNode).value) : [def.name.value];
      const fields = (def.fields ?? [])
        .filter((f) => !f.directives?.some((d) => ['relationship', 'cypher', 'customResolver'].includes(d.name.value)))
        .map((f) => f.name.value);
      return [{ name: def.name.value, labels, fields }];
    });
}

describe('fact-plane GraphQL typeDefs match what ingestion writes', () => {
  const repoId = testNamespace('typedefs');
  let graph: Graph;
  let rows: Array<{ labels: string[]; keys: string[]; nodes: number }>;

  beforeAll(async () => {
    graph = openTestGraph();
    await ingestRepository({ graph, root: join(packageRoot(), 'test', 'fixtures', 'workspace'), log: silentLogger, settings: { repoId }, totals: false });
    rows = await graph.read(labelSetsWithKeys, { repoId });
  }, 120_000);
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
  });

  for (const type of factPlaneTypes()) {
    it(`${type.name}: nodes carry all of ${type.labels.join(':')} and every declared field`, () => {
      const matching = rows.filter((r) => type.labels.every((l) => r.labels.includes(l)));
      expect(matching.length, `no node has the labels ${type.labels.join(':')}`).toBeGreaterThan(0);
      const written = new Set(matching.flatMap((r) => r.keys));
      const optional = new Set(OPTIONAL_IN_FIXTURE[type.name] ?? []);
      const missing = type.fields.filter((f) => !written.has(f) && !optional.has(f));
      expect(missing, `${type.name} declares fields ingestion never writes`).toEqual([]);
    });
  }
});
