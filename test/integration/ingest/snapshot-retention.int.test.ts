import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSnapshot } from '../../../ingest/write/ingest.queries.js';
import { int, type Graph } from '../../../src/graph/index.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { nodesByLabel } from '../../support/ingest-queries.js';

describe('snapshot records of a repository', () => {
  let graph: Graph;
  const repoId = testNamespace('snapshots');
  const record = (snapshotId: string) =>
    graph.write(recordSnapshot, { repoId, snapshotId, root: '/r', remote: null, summary: '{}', timingsJson: '{}', props: {}, keep: int(2) });
  const held = async () => (await graph.read(nodesByLabel, { repoId, label: 'Snapshot' })).map((n) => String(n.props.snapshotId)).sort();

  beforeAll(() => {
    graph = openTestGraph();
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
  });

  it('keeps every record up to twice the bound, then only the newest ones, the current snapshot among them', async () => {
    for (const id of ['s1', 's2', 's3', 's4']) await record(id);
    expect(await held()).toEqual(['s1', 's2', 's3', 's4']);
    await record('s5');
    expect(await held()).toEqual(['s4', 's5']);
    await record('s6');
    await record('s7');
    expect(await held()).toEqual(['s4', 's5', 's6', 's7']);
    // A snapshot recorded again (a checkout back to an earlier tree) is the newest again.
    await record('s5');
    await record('s8');
    expect(await held()).toEqual(['s5', 's8']);
  });
});
