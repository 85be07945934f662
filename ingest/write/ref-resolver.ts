import { candidatesContract, candidatesPipe, candidatesEndpoint, candidatesFile, candidatesId, candidatesRemote, candidatesSelector, candidatesSymbol } from './ingest.queries.js';
import { fileKind } from '../pipeline/file-kind.js';
import { inTurn } from './pipelined.js';
import type { RefTarget } from './ref-keys.js';
import { best, endpointMatchScore, parseSelector, selectorMatches, type SelectorPart } from './ref-match.js';
import { routeResolver } from './route-resolver.js';
import { translationKeyResolver } from './translation-key-resolver.js';
import { chunk, groupBy } from './batches.js';
import type { RunQuery } from './runner.js';

export type RefStatus = 'resolved' | 'unresolved' | 'ambiguous';

export interface Resolution {
  status: RefStatus;
  targetIds: string[];
  reason?: string;
}

type Resolver = (target: RefTarget) => Resolution;
type Targets<K extends RefTarget['kind']> = Array<Extract<RefTarget, { kind: K }>>;

const none = (reason: string): Resolution => ({ status: 'unresolved', targetIds: [], reason });

/**
 * Test doubles (`MockTranslatePipe`, a stub `ds-alert` component) are declared in spec files with the real
 * one's pipe name or selector. A template usage never means them: DSpace's 1,892 `| translate` usages
 * otherwise pointed at four spec files' mocks (7,669 usage edges from production files into tests).
 */
const declaredInTest = (candidate: { ownerFile: string | null }): boolean => typeof candidate.ownerFile === 'string' && fileKind(candidate.ownerFile) === 'spec';

const pick = (ids: string[], what: string): Resolution =>
  ids.length === 0 ? none(`no ${what} matches`) : ids.length === 1 ? { status: 'resolved', targetIds: ids } : { status: 'ambiguous', targetIds: ids, reason: `${ids.length} ${what}s match` };

/** File path variants a module-ish reference may mean, most literal first. */
export function fileVariants(path: string): string[] {
  const p = path.replace(/^\.\//, '').replace(/\/+$/, '');
  return [p, `${p}.ts`, `${p}.tsx`, `${p}.js`, `${p}.mjs`, `${p}/index.ts`, `${p}/index.js`, `${p}.d.ts`];
}

/**
 * Builds one resolver per target kind present, loading only the candidates needed from the graph
 * (by key where an index serves it, the whole repo's small sets otherwise), then matching in TS.
 */
export async function buildResolvers(read: RunQuery, repoId: string, targets: RefTarget[], oneTransaction = false): Promise<Map<RefTarget['kind'], Resolver>> {
  const byKind = groupBy(targets, (t) => t.kind);
  const kinds = [...byKind.keys()];
  const resolvers = await inTurn(oneTransaction, kinds.map((kind) => () => resolverFor(read, repoId, kind, byKind.get(kind) as RefTarget[])));
  return new Map(kinds.map((kind, i) => [kind, memoised(resolvers[i] as Resolver)]));
}

/**
 * Resolves each distinct target once: in a full run, 19,440 usages point at a few thousand tags.
 * Resolutions are shared between references and only read afterwards.
 */
function memoised(resolve: Resolver): Resolver {
  const done = new Map<string, Resolution>();
  return (t) => {
    const key = JSON.stringify(t);
    let resolution = done.get(key);
    if (!resolution) done.set(key, (resolution = resolve(t)));
    return resolution;
  };
}

/**
 * Components/directives that can match an occurrence: those with a selector part naming its
 * element, plus those with an attribute-only part — instead of testing every selector of the repo
 * against every usage (3,348 × 19,440 on the 10k-file benchmark). Keeps the candidates' order.
 */
function selectorCandidates<T extends { parts: SelectorPart[] }>(comps: T[]): (occurrence: SelectorPart) => T[] {
  const byElement = new Map<string, number[]>();
  const attributeOnly: number[] = [];
  comps.forEach((c, i) => {
    for (const element of new Set(c.parts.map((p) => p.element))) {
      const list = element === undefined ? attributeOnly : byElement.get(element) ?? [];
      list.push(i);
      if (element !== undefined) byElement.set(element, list);
    }
  });
  return (occurrence) => {
    const named = occurrence.element === undefined ? [] : byElement.get(occurrence.element) ?? [];
    return [...new Set([...named, ...attributeOnly])].sort((a, b) => a - b).map((i) => comps[i] as T);
  };
}

async function resolverFor(read: RunQuery, repoId: string, kind: RefTarget['kind'], targets: RefTarget[]): Promise<Resolver> {
  switch (kind) {
    case 'selector': {
      const comps = (await read(candidatesSelector, { repoId })).filter((c) => !declaredInTest(c)).map((c) => ({ ...c, parts: parseSelector(c.selector) }));
      const candidates = selectorCandidates(comps);
      return (t) => {
        if (t.kind !== 'selector') return none('wrong kind');
        const occurrence: SelectorPart = parseSelector(t.selector)[0] ?? { attrs: [] };
        const matches = candidates(occurrence).filter((c) => c.parts.some((p) => selectorMatches(p, occurrence)));
        const components = matches.filter((c) => c.labels.includes('Component'));
        const directives = matches.filter((c) => !c.labels.includes('Component')).map((c) => c.id);
        if (components.length > 1) return { status: 'ambiguous', targetIds: [...components.map((c) => c.id), ...directives], reason: `${components.length} components match` };
        const ids = [...components.map((c) => c.id), ...directives];
        return ids.length ? { status: 'resolved', targetIds: ids } : none('no component or directive selector matches');
      };
    }
    case 'contractTag': {
      const tags = [...new Set((targets as Targets<'contractTag'>).map((t) => t.tag.toLowerCase()))];
      const rows = (await Promise.all(chunk(tags, 1000).map((p) => read(candidatesContract, { repoId, tags: p })))).flat();
      const byTag = groupBy(rows, (r) => r.tag);
      return (t) => (t.kind === 'contractTag' ? pick((byTag.get(t.tag.toLowerCase()) ?? []).map((r) => r.id), 'contract component') : none('wrong kind'));
    }
    case 'pipe': {
      const names = [...new Set((targets as Targets<'pipe'>).map((t) => t.name))];
      const rows = (await Promise.all(chunk(names, 1000).map((p) => read(candidatesPipe, { repoId, names: p })))).flat().filter((r) => !declaredInTest(r));
      const byName = groupBy(rows, (r) => r.name);
      // Angular's own pipes (`async`, `date`…) and library pipes have no node here: unresolved, like package elements.
      return (t) => (t.kind === 'pipe' ? pick((byName.get(t.name) ?? []).map((r) => r.id), 'pipe') : none('wrong kind'));
    }
    case 'symbol': {
      const names = [...new Set((targets as Targets<'symbol'>).map((t) => t.name))];
      const rows = (await Promise.all(chunk(names, 1000).map((p) => read(candidatesSymbol, { repoId, names: p })))).flat();
      const byName = groupBy(rows, (r) => r.name);
      return (t) => {
        if (t.kind !== 'symbol') return none('wrong kind');
        let found = byName.get(t.name) ?? [];
        // `default` names nothing by itself: every module may have one. Only its file says which.
        if (t.name === 'default') {
          if (!t.fromPath) return none('a default export is only resolved with the file it is imported from (no fromPath)');
          const variants = fileVariants(t.fromPath);
          found = found.filter((r) => variants.includes(r.ownerFile));
          if (found.length === 0) return none(`no default export in ${t.fromPath}`);
        } else if (t.fromPath && found.length > 1) {
          const variants = fileVariants(t.fromPath);
          const inFile = found.filter((r) => variants.includes(r.ownerFile));
          if (inFile.length) found = inFile;
        }
        if (found.length > 1 && found.some((r) => !r.member)) found = found.filter((r) => !r.member);
        if (found.length > 1 && found.some((r) => r.exported)) found = found.filter((r) => r.exported);
        return pick(found.map((r) => r.id), 'symbol');
      };
    }
    case 'routePath': {
      const route = await routeResolver(read, repoId, targets as Targets<'routePath'>);
      return (t) => (t.kind === 'routePath' ? route(t) : none('wrong kind'));
    }
    case 'file': {
      const variants = [...new Set((targets as Targets<'file'>).flatMap((t) => fileVariants(t.path)))];
      const rows = (await Promise.all(chunk(variants, 2000).map((p) => read(candidatesFile, { repoId, paths: p })))).flat();
      const byPath = new Map(rows.map((r) => [r.path, r.id]));
      return (t) => {
        if (t.kind !== 'file') return none('wrong kind');
        const hit = fileVariants(t.path).find((v) => byPath.has(v));
        return hit ? { status: 'resolved', targetIds: [byPath.get(hit) as string] } : none('no such file in the repository');
      };
    }
    case 'endpoint': {
      const endpoints = await read(candidatesEndpoint, { repoId });
      return (t) => {
        if (t.kind !== 'endpoint') return none('wrong kind');
        const method = t.method?.toUpperCase();
        const pool = endpoints.filter((e) => !method || !e.method || e.method === method);
        return pick(best(pool.map((e) => ({ item: e.id, score: endpointMatchScore(e.path, t.path) }))), 'endpoint');
      };
    }
    case 'remote': {
      const exposes = await read(candidatesRemote, { repoId });
      const norm = (s: string): string => s.replace(/^\.\//, '');
      return (t) => {
        if (t.kind !== 'remote') return none('wrong kind');
        // `*` is a wildcard: every expose of a remote (EXPOSES), or a remote not statically known.
        const ids = exposes.filter((x) => (t.remote === '*' || x.remote === t.remote) && (t.exposed === '*' || norm(x.exposed) === norm(t.exposed))).map((x) => x.id);
        if (t.exposed === '*') return ids.length ? { status: 'resolved', targetIds: ids } : none(`remote "${t.remote}" exposes nothing in this repository`);
        return pick(ids, 'remote expose');
      };
    }
    case 'translationKey':
      return translationKeyResolver(read, repoId, targets);
    case 'id': {
      const wanted = [...new Set((targets as Targets<'id'>).map((t) => t.id))];
      const rows = (await Promise.all(chunk(wanted, 2000).map((p) => read(candidatesId, { ids: p })))).flat();
      const present = new Set(rows.map((r) => r.id));
      return (t) => (t.kind === 'id' && present.has(t.id) ? { status: 'resolved', targetIds: [t.id] } : none('target fact does not exist'));
    }
  }
}
