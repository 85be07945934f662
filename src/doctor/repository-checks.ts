import { checkFreshness } from '../../ingest/pipeline/freshness.js';
import { loadConfig } from '../config/index.js';
import { resolveRepoId } from '../config/repo-id.js';
import type { Graph } from '../graph/index.js';
import { bounded, type Check } from './check.js';
import { repoHealth } from './doctor.queries.js';

/** Ingested? Fresh? A run that died writing? Parse events recorded? */
export async function repositoryChecks(graph: Graph, repoRoot: string, timeoutMs: number): Promise<Check[]> {
  const ingestFix = `graphgate ingest ${repoRoot}`;
  const repoId = await resolveRepoId(repoRoot, loadConfig({ repoRoot }).config);
  const [health] = await graph.read(repoHealth, { repoId });
  if (!health?.snapshotId) {
    return [{ id: 'ingested', status: 'fail', summary: `${repoRoot} (repoId ${repoId}) is not in the graph`, fix: ingestFix }];
  }
  const checks: Check[] = [{ id: 'ingested', status: 'ok', summary: `${health.files} files, repoId ${repoId}, snapshot ${health.snapshotId.slice(0, 16)}, ingested ${health.ingestedAt ?? '?'}` }];
  if (health.writing) checks.push({ id: 'ingest-complete', status: 'warn', summary: 'the last ingest stopped before it finished', fix: ingestFix });
  checks.push(...(await bounded('fresh', timeoutMs, async () => {
    const f = await checkFreshness(graph, repoRoot, repoId);
    const moved = f.added + f.changed + f.deleted;
    if (moved === 0) return { id: 'fresh', status: 'ok', summary: 'the graph matches the working tree' };
    return { id: 'fresh', status: 'warn', summary: `${f.changed} changed, ${f.added} added, ${f.deleted} deleted since the last ingest`, fix: `${ingestFix} (or keep graphgate ingest --watch running)` };
  })));
  const events = health.events.filter((e) => e.count > 0);
  const errors = events.filter((e) => e.kind === 'parse_error').reduce((n, e) => n + e.count, 0);
  checks.push({
    id: 'parse-events', status: errors > 0 ? 'warn' : 'ok',
    summary: events.length ? events.map((e) => `${e.count} ${e.kind}`).join(', ') : 'none',
    ...(errors > 0 ? { fix: 'see the files in Neo4j Browser: MATCH (e:ParseEvent {kind: "parse_error"}) RETURN e LIMIT 25' } : {}),
  });
  return checks;
}
