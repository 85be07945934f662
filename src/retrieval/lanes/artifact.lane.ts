import { int } from '../../graph/index.js';
import type { Lexeme } from '../lexemes/lexeme.model.js';
import { toCandidates } from './lane-rows.js';
import { guardedLane, lexemesOf, type LaneContext, type LaneResult } from './lane.model.js';
import { artifactEndpointsQuery } from './lane.queries.js';
import { pathShape } from './symbol.lane.js';

/** An external artifact the connectors fetched (or failed to), as the artifact lane reports it. */
export interface ArtifactStatus {
  kind: 'jira' | 'openapi';
  ref: string;
  status: 'fetched' | 'missing';
  detail: string;
}

/**
 * Artifact lane, graph half: API references (ENDPOINT_PATH lexemes, plus endpoint paths of fetched
 * OpenAPI documents) matched to the repository's OpenAPI Endpoints by path shape — with or without the
 * base path — and to the code that calls them. Jira tickets come through the connector before the
 * lanes run (their fields become lexemes and the TaskSpec); their status is reported with the lane.
 */
export async function artifactLane(ctx: LaneContext, lexemes: readonly Lexeme[], extra: { endpointPaths?: readonly string[]; artifacts?: readonly ArtifactStatus[] } = {}): Promise<LaneResult> {
  const paths = [...lexemesOf(lexemes, ['ENDPOINT_PATH']).flatMap((l) => [l.norm, ...l.variants]), ...(extra.endpointPaths ?? [])];
  const shapes = [...new Map(paths.filter((p) => p.length <= 500).map((p) => pathShape(p.replace(/^[a-z]+\s+/i, ''))).map((s) => [s.join('/'), s])).values()]
    .filter((s) => s.length > 1)
    .sort((a, b) => (a.join('/') < b.join('/') ? -1 : 1))
    .slice(0, 64);
  const notes = (extra.artifacts ?? []).filter((a) => a.status === 'missing').map((a) => `artifact lane: ${a.kind} ${a.ref} unavailable (${a.detail})`);
  if (shapes.length === 0) return { lane: 'artifact', candidates: [], searched: (extra.artifacts ?? []).length > 0, notes };
  const guarded = await guardedLane('artifact', () => ctx.graph.read(artifactEndpointsQuery, { repoId: ctx.repoId, shapes, limit: int(40) }, ctx.run));
  const candidates = toCandidates(guarded.rows, 'artifact', (r) => ({ score: r.grade, reasons: [`${r.match}${r.term ? ` ${r.term}` : ''}`] }));
  return { lane: 'artifact', candidates, searched: true, notes: [...notes, ...guarded.notes] };
}
