import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { openGraph } from '../../src/graph/index.js';
import { loadQuery } from '../../src/graph/query-registry.js';
import { createLogger } from '../../src/runtime/logger.js';

/**
 * `node dist/bench/ingest/fact-dump.js <repoId> <out.txt>`: one sorted line per node and relationship
 * of a namespace, so two ingests of one tree (another build, another path through the pipeline) can
 * be compared with `diff`. The namespace's own id, the hashes derived from it (reference ids) and
 * the properties that name the run (snapshot, times) are masked.
 */
const nodes = loadQuery<{ repoId: string }, { labels: string[]; props: Record<string, unknown> }>('bench/fact-dump-nodes.cypher');
const rels = loadQuery<{ repoId: string }, { from: string; type: string; to: string; props: Record<string, unknown> }>('bench/fact-dump-rels.cypher');
const VOLATILE = new Set(['snapshotId', 'ftRepo', 'ingestedAt', 'createdAt', 'updatedAt', 'at', 'root', 'writing']);

const canonical = (props: Record<string, unknown>): string =>
  JSON.stringify(Object.keys(props).filter((k) => !VOLATILE.has(k)).sort().map((k) => [k, props[k]]));

const [repoId, out] = process.argv.slice(2);
if (!repoId || !out) {
  process.stderr.write('usage: node dist/bench/ingest/fact-dump.js <repoId> <out.txt>\n');
  process.exit(2);
}
const graph = await openGraph({ log: createLogger('warn') });
try {
  const lines = [
    ...(await graph.read(nodes, { repoId })).map((n) => `N ${String(n.props.id)} ${[...n.labels].sort().join(':')} ${canonical(n.props)}`),
    ...(await graph.read(rels, { repoId })).map((r) => `R ${r.from} ${r.type} ${r.to} ${canonical(r.props)}`),
  ].map((line) => line.replaceAll(repoId, 'R').replace(/(ref:[^#\s"]+)#[0-9a-f]{20}/g, '$1#H').replace(/~[0-9a-f]{16}/g, '~H')).sort();
  writeFileSync(out, `${lines.join('\n')}\n`);
  const sha = createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16);
  process.stdout.write(`${JSON.stringify({ repoId, lines: lines.length, sha256: sha, out })}\n`);
} finally {
  await graph.close();
}
