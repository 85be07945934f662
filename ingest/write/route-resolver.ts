import { chunk } from './batches.js';
import { candidatesFile, candidatesRoute } from './ingest.queries.js';
import type { RefTarget } from './ref-keys.js';
import { ancestorFolders, PROJECT_MARKERS, projectRootOf, routeMatchScore, routeSegments, sameAppFirst } from './ref-match.js';
import type { Resolution } from './ref-resolver.js';
import type { RunQuery } from './runner.js';

type RouteTarget = Extract<RefTarget, { kind: 'routePath' }>;

/** One route and the URL patterns it answers: its own `fullPath` and the host URLs it is mounted under (`fullPaths`). */
export interface RouteCandidate {
  id: string;
  file: string;
  patterns: Array<{ path: string; segments: string[] }>;
}

/** A route matching a concrete path through its best pattern (slashes trimmed). */
export interface RouteMatch {
  route: RouteCandidate;
  pattern: string;
  score: number;
}

export function routeCandidate(row: { id: string; file: string; fullPath: string; fullPaths?: readonly string[] }): RouteCandidate {
  return { id: row.id, file: row.file, patterns: [...new Set([row.fullPath, ...(row.fullPaths ?? [])])].map((path) => ({ path, segments: routeSegments(path) })) };
}

const trimSlashes = (p: string): string => p.replace(/^\/+|\/+$/g, '');

/** The folders (below the repo root) holding a project marker, among the ancestors of `files`. */
async function markerFolders(read: RunQuery, repoId: string, files: Iterable<string>): Promise<Set<string>> {
  const folders = new Set<string>();
  for (const file of files) for (const dir of ancestorFolders(file)) folders.add(dir);
  const paths = [...folders].flatMap((dir) => PROJECT_MARKERS.map((m) => `${dir}/${m}`));
  const rows = (await Promise.all(chunk(paths, 2000).map((p) => read(candidatesFile, { repoId, paths: p })))).flat();
  return new Set(rows.map((r) => r.path.slice(0, r.path.lastIndexOf('/'))));
}

/**
 * `routePath` → Route. A route matches through its `fullPath` or any of its `fullPaths` (a remote's
 * routes mounted under a federation host carry the host URLs there); the most specific pattern
 * wins. Among equally specific routes, those of the referring file's app (`target.from`) win
 * (sameAppFirst); routes sharing one URL pattern (a lazy parent and its '' child) are one URL, and
 * only several distinct patterns left after that make the reference ambiguous.
 */
export async function routeResolver(read: RunQuery, repoId: string, targets: RouteTarget[]): Promise<(t: RouteTarget) => Resolution> {
  const routes = (await read(candidatesRoute, { repoId })).map(routeCandidate);
  const froms = new Set(targets.flatMap((t) => (t.from ? [t.from] : [])));
  const markers = froms.size ? await markerFolders(read, repoId, [...froms, ...routes.map((r) => r.file)]) : new Set<string>();
  const roots = new Map<string, string | undefined>();
  const rootOf = (path: string): string | undefined => {
    if (!roots.has(path)) roots.set(path, projectRootOf(path, markers));
    return roots.get(path);
  };
  // Matching does not depend on the referring file: done once per distinct path.
  const matchesByPath = new Map<string, RouteMatch[]>();
  return (t) => {
    let top = matchesByPath.get(t.path);
    if (!top) matchesByPath.set(t.path, (top = bestRouteMatches(routes, t.path)));
    return chooseRoute(top, t.from, rootOf);
  };
}

/** The most specific routes for a concrete path, each through its best-scoring pattern. */
export function bestRouteMatches(routes: readonly RouteCandidate[], path: string): RouteMatch[] {
  const concrete = routeSegments(path);
  const all: RouteMatch[] = [];
  for (const route of routes) {
    let hit: RouteMatch | undefined;
    for (const p of route.patterns) {
      const score = routeMatchScore(p.segments, concrete);
      if (score !== undefined && (!hit || score > hit.score)) hit = { route, pattern: trimSlashes(p.path), score };
    }
    if (hit) all.push(hit);
  }
  let bestScore = -1;
  for (const m of all) if (m.score > bestScore) bestScore = m.score;
  return all.filter((m) => m.score === bestScore);
}

/** The resolution among equally specific matches: the referring app's first, one URL pattern = resolved. */
export function chooseRoute(top: readonly RouteMatch[], from: string | undefined, rootOf: (path: string) => string | undefined): Resolution {
  if (top.length === 0) return { status: 'unresolved', targetIds: [], reason: 'no route matches' };
  const chosen = sameAppFirst([...top], (m) => m.route.file, from, rootOf);
  const ids = [...new Set(chosen.map((m) => m.route.id))];
  const patterns = new Set(chosen.map((m) => m.pattern));
  if (patterns.size === 1) return { status: 'resolved', targetIds: ids };
  return { status: 'ambiguous', targetIds: ids, reason: `${patterns.size} route patterns match${chosen.length < top.length ? ' in the referring app' : ''}` };
}
