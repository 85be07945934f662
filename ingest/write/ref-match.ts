/**
 * Pure matching rules used to resolve references: CSS-ish component selectors, Angular route
 * patterns and OpenAPI path templates. No graph access here, so every rule is unit-tested.
 */

/** One compound selector: an optional element name and attribute names (`button[sdfBtn]`). */
export interface SelectorPart {
  element?: string;
  attrs: string[];
}

/**
 * Parses a component/directive selector list: `app-a, app-b`, `[appHighlight]`, `button[sdf-btn]`,
 * `input[type=text]`, `:not(...)` (ignored). Class selectors are ignored; names are lowercased.
 */
export function parseSelector(selector: string): SelectorPart[] {
  return selector
    .split(',')
    .map((s) => s.replace(/:not\([^)]*\)/g, '').trim())
    .filter(Boolean)
    .map((s) => {
      const attrs = [...s.matchAll(/\[\s*([^\]=\s~|^$*]+)[^\]]*\]/g)].map((m) => (m[1] as string).toLowerCase());
      const element = /^([a-zA-Z][\w-]*)/.exec(s)?.[1]?.toLowerCase();
      return { element, attrs };
    })
    .filter((p) => p.element !== undefined || p.attrs.length > 0);
}

/** True when a component selector part matches an occurrence with this tag and these attributes. */
export function selectorMatches(part: SelectorPart, occurrence: SelectorPart): boolean {
  if (part.element && part.element !== occurrence.element) return false;
  return part.attrs.every((a) => occurrence.attrs.includes(a));
}

/** Route path segments: leading/trailing slashes, query and fragment dropped. */
export function routeSegments(path: string): string[] {
  const clean = path.split(/[?#]/)[0] ?? '';
  return clean.split('/').filter((s) => s.length > 0);
}

/**
 * How well a concrete path (`/orders/123`) matches a route pattern (`/orders/:id`): undefined when it
 * does not, otherwise a score (higher = more specific: literal segments count 2, params 1). `**`
 * matches any rest. A reference that itself holds a parameter (`/orders/:id`) matches literally too.
 */
export function routeMatchScore(pattern: string | readonly string[], concrete: string | readonly string[]): number | undefined {
  // Either side may come pre-split (routeSegments): the linker splits each route once, not per reference.
  const p = typeof pattern === 'string' ? routeSegments(pattern) : pattern;
  const c = typeof concrete === 'string' ? routeSegments(concrete) : concrete;
  let score = 0;
  for (let i = 0; i < p.length; i++) {
    const seg = p[i] as string;
    if (seg === '**') return score;
    const value = c[i];
    if (value === undefined) return undefined;
    if (seg === value) score += 2;
    else if (seg.startsWith(':')) score += 1;
    else return undefined;
  }
  return p.length === c.length ? score + 1 : undefined;
}

/** Splits an endpoint path or URL into segments (scheme, host, query dropped; `{id}` kept). */
export function endpointSegments(path: string): string[] {
  const noScheme = path.replace(/^[a-z]+:\/\/[^/]+/i, '');
  return routeSegments(noScheme);
}

/**
 * Matches a called URL against an OpenAPI path template. The template may match the whole URL or
 * its tail (a base path such as `/api/v1` precedes spec paths). Returns a specificity score.
 */
export function endpointMatchScore(template: string, called: string): number | undefined {
  const t = endpointSegments(template);
  const c = endpointSegments(called);
  if (t.length === 0 || t.length > c.length) return undefined;
  const offset = c.length - t.length;
  let score = 0;
  for (let i = 0; i < t.length; i++) {
    const seg = t[i] as string;
    const value = c[offset + i] as string;
    if (seg === value) score += 2;
    else if (/^\{[^}]+\}$/.test(seg) || /^\$\{[^}]*\}$/.test(value) || value.startsWith(':')) score += 1;
    else return undefined;
  }
  return offset === 0 ? score + 1 : score;
}

/** Picks every candidate with the best score; empty when none matched. */
export function best<T>(scored: Array<{ item: T; score: number | undefined }>): T[] {
  let top = -1;
  for (const s of scored) if (s.score !== undefined && s.score > top) top = s.score;
  return top < 0 ? [] : scored.filter((s) => s.score === top).map((s) => s.item);
}

/** Files whose folder is a project's root: Nx `project.json`, Angular CLI application/library tsconfigs. */
export const PROJECT_MARKERS = ['project.json', 'tsconfig.app.json', 'tsconfig.lib.json'] as const;

/** The folders above a repo-relative file, nearest first, without the repo root (`a/b/c.ts` → `a/b`, `a`). */
export function ancestorFolders(path: string): string[] {
  const parts = path.split('/').slice(0, -1);
  return parts.map((_, i) => parts.slice(0, parts.length - i).join('/'));
}

/**
 * The app or library a file belongs to: the nearest folder below the repo root holding a project
 * marker (`markerFolders`), else the folder above its first `src/` segment (`projects/host/src/…` →
 * `projects/host`, `src/app/…` → `''`: the workspace's root app), else undefined (unknown layout).
 */
export function projectRootOf(path: string, markerFolders: ReadonlySet<string>): string | undefined {
  const marked = ancestorFolders(path).find((dir) => markerFolders.has(dir));
  if (marked !== undefined) return marked;
  const parts = path.split('/');
  const src = parts.indexOf('src');
  return src >= 0 && src < parts.length - 1 ? parts.slice(0, src).join('/') : undefined;
}

/** How many leading folders two repo-relative files share (`a/b/x.ts`, `a/c/y.ts` → 1). */
export function sharedFolderDepth(a: string, b: string): number {
  const pa = a.split('/').slice(0, -1);
  const pb = b.split('/').slice(0, -1);
  let n = 0;
  while (n < pa.length && n < pb.length && pa[n] === pb[n]) n++;
  return n;
}

/**
 * Among equally good candidates, those of the referring file's app: the same project root, else
 * the files sharing the most leading folders with it (none shared: all stay). A shell's `/orders`
 * link then means the shell's route, not a remote's route with the same path.
 */
export function sameAppFirst<T>(candidates: T[], fileOf: (c: T) => string, from: string | undefined, rootOf: (path: string) => string | undefined): T[] {
  if (from === undefined || candidates.length < 2) return candidates;
  const root = rootOf(from);
  if (root !== undefined) {
    const same = candidates.filter((c) => rootOf(fileOf(c)) === root);
    if (same.length) return same;
  }
  const depths = candidates.map((c) => sharedFolderDepth(from, fileOf(c)));
  const deepest = Math.max(...depths);
  return deepest > 0 ? candidates.filter((_, i) => depths[i] === deepest) : candidates;
}
