import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import neo4j from 'neo4j-driver';
import { inject, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { packageRoot } from '../../../src/runtime/package-root.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { openTestGraph } from '../../support/graph.js';

it('explore', async () => {
  const graph = openTestGraph();
  const repoId = 'test-planexplore';
  const root = join(packageRoot(), 'test', 'fixtures', 'workspace');
  await ingestRepository({ graph, root, log: silentLogger, settings: { repoId } });
  await graph.close();
  const c = inject('neo4j');
  const driver = neo4j.driver(c.uri, neo4j.auth.basic(c.username, c.password));
  const s = driver.session();
  const out: string[] = [];
  const q = async (text: string) => {
    const r = await s.run(text, { repoId });
    out.push(`### ${text}`);
    for (const rec of r.records) out.push(JSON.stringify(rec.toObject(), (_k, v) => (neo4j.isInt(v) ? v.toNumber() : v)));
  };
  await q('MATCH (n {repoId:$repoId}) RETURN labels(n) AS l, count(*) AS c ORDER BY c DESC');
  await q('MATCH (a {repoId:$repoId})-[r]->(b) RETURN labels(a)[0..3] AS a, type(r) AS t, labels(b)[0..3] AS b, count(*) AS c ORDER BY t');
  for (const label of ['Repo', 'Snapshot', 'DomainAnchor', 'GridTable', 'ColumnDef', 'CellRenderer', 'NavTrigger', 'Route', 'FederationRemote', 'RemoteExpose', 'ContractComponent', 'Prop', 'Event', 'ApiSpec', 'Endpoint', 'Policy', 'MigrationRule', 'Memory', 'Usage', 'Test']) {
    await q(`MATCH (n:${label} {repoId:$repoId}) RETURN properties(n) AS p LIMIT 4`);
  }
  await q('MATCH (n:File {repoId:$repoId}) RETURN properties(n) AS p LIMIT 3');
  await q('MATCH (n:Symbol {repoId:$repoId}) RETURN properties(n) AS p LIMIT 6');
  await s.close();
  await driver.close();
  writeFileSync('/tmp/explore.txt', out.join('\n'));
});
