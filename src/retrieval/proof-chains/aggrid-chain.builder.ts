import {
  flatDetails, makeChain, toHop, toNode, type ChainGap, type ChainHop, type NodeRow, type ProofChain,
} from './proof-chain.model.js';

/** A type a service (or component) imports or declares, as `proof-chains/aggrid-origin.cypher` returns it. */
export interface DefinitionRow extends NodeRow {
  kind?: string | null;
  /** The service or component whose file imports/declares it. */
  consumer: string;
  imported: boolean;
  /** How many of the consumer's member signatures name it. */
  mentions: number;
}

/** One branch of an ag-Grid origin chain; a hop the graph does not have is null. */
export interface AggridRow {
  selectedBy: 'all' | 'table' | 'host' | 'destination';
  table: NodeRow;
  host: NodeRow | null;
  column: NodeRow;
  renderer: NodeRow | null;
  nav: NodeRow | null;
  target: NodeRow | null;
  routeCandidates: NodeRow[];
  component: NodeRow | null;
  service: NodeRow | null;
  definitions: DefinitionRow[];
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function gap(hop: ChainGap['hop'], reason: string, expression: unknown = null, candidates: NodeRow[] = [], code: ChainGap['code'] = 'ORIGIN_UNKNOWN'): ChainGap {
  return { hop, code, reason, expression: str(expression), candidates: candidates.map((c) => toNode(c)) };
}

function columnName(c: NodeRow): string {
  return str(c.field) ?? str(c.colId) ?? str(c.headerName) ?? `column #${String(c.index ?? '?')}`;
}

/**
 * The definition a chain ends at: among the types the service imports or declares, the one its
 * member signatures name most, then one the destination component also uses, then by name. When the
 * service has none, a type the component uses. Pure ranking over graph evidence; never invented.
 */
export function chooseDefinition(row: Pick<AggridRow, 'service' | 'component' | 'definitions'>): { hop: ChainHop; alternatives: string[] } | null {
  const byConsumer = (id: string | undefined): DefinitionRow[] => (id ? row.definitions.filter((d) => d.consumer === id) : []);
  const fromService = byConsumer(row.service?.id);
  const fromComponent = byConsumer(row.component?.id);
  const pool = fromService.length ? fromService : fromComponent;
  if (pool.length === 0) return null;
  const usedByComponent = new Set(fromComponent.map((d) => d.id));
  const ranked = [...pool].sort((a, b) =>
    b.mentions - a.mentions ||
    Number(usedByComponent.has(b.id)) - Number(usedByComponent.has(a.id)) ||
    Number(b.imported) - Number(a.imported) ||
    String(a.name).localeCompare(String(b.name), 'en') ||
    a.id.localeCompare(b.id, 'en'));
  const best = ranked[0]!;
  const owner = fromService.length ? 'service' : 'component';
  const evidence = [
    best.mentions > 0 ? `named in ${best.mentions} member signature(s) of the ${owner}` : `${best.imported ? 'imported' : 'declared'} by the ${owner}`,
    ...(owner === 'service' && usedByComponent.has(best.id) ? ['also used by the component'] : []),
  ].join('; ');
  const alternatives = [...new Set(ranked.slice(1).map((d) => String(d.name)))];
  const hop = toHop('Definition', best, best.imported ? 'IMPORTS' : 'DEFINES', flatDetails({
    kind: best.kind, evidence, ...(alternatives.length ? { alternatives: alternatives.join(', ') } : {}),
  }));
  return { hop, alternatives };
}

/** One row → one chain (before grouping): hops up to the first missing one, and why it is missing. */
export function chainFromRow(row: AggridRow): ProofChain {
  const hops: ChainHop[] = [];
  const done = (status: ProofChain['status'], g: ChainGap | null): ProofChain => makeChain('aggrid-origin', hops, status, g);
  hops.push(toHop('Table', row.table, row.host ? 'RENDERS_GRID' : null, flatDetails({ hostComponent: row.host?.name, hostComponentId: row.host?.id })));
  const c = row.column;
  hops.push(toHop('ColumnDef', c, 'HAS_COLUMN', flatDetails({ field: c.field, colId: c.colId, headerName: c.headerName, index: c.index }), columnName(c)));
  const r = row.renderer;
  if (!r) return done('ORIGIN_UNKNOWN', gap('CellRenderer', `column definition could not be followed: ${str(c.unresolvedReason) ?? 'unknown reason'}`, c.expression));
  if (r.kind === 'unresolved') {
    return done('ORIGIN_UNKNOWN', gap('CellRenderer', `renderer indirection unresolved: ${str(r.unresolvedReason) ?? 'unknown reason'}`, r.expression ?? r.registryKey ?? r.name));
  }
  hops.push(toHop('CellRenderer', r, `USES_RENDERER(${str(r.via) ?? 'cellRenderer'})`, flatDetails({ kind: r.kind, registryKey: r.registryKey, expression: r.kind === 'function' ? r.expression : null })));
  const n = row.nav;
  if (!n) return done('NO_NAVIGATION', null);
  hops.push(toHop('NavTrigger', n, 'TRIGGERS_NAV', flatDetails({ kind: n.kind, member: n.member, expression: n.expression, targetPath: n.targetPath, candidatePath: n.candidatePath }),
    str(n.targetPath) ?? str(n.expression) ?? n.id));
  const rt = row.target;
  if (!rt) {
    const why = str(n.unresolvedReason) ?? `no route matches ${str(n.targetPath) ?? 'the target'}`;
    const lead = row.routeCandidates.length ? `; routes matching the literal parts of ${String(n.candidatePath)} are listed as leads, not chosen` : '';
    return done('ORIGIN_UNKNOWN', gap('Route', `navigation target unresolved: ${why}${lead}`, n.expression, row.routeCandidates));
  }
  hops.push(toHop('Route', rt, 'TARGETS', flatDetails({ redirectTo: rt.redirectTo })));
  const dest = row.component;
  if (!dest) {
    const why = str(rt.redirectTo) ? `route redirects to ${String(rt.redirectTo)}` : rt.loadsChildren ? 'route loads children and none of its URL routes to a component' : 'route has no component';
    return done('ORIGIN_UNKNOWN', gap('Component', why));
  }
  hops.push(toHop('Component', dest, 'ROUTES_TO'));
  const svc = row.service;
  if (!svc) return done('ORIGIN_UNKNOWN', gap('Service', `${String(dest.name)} injects no service of this repository`));
  hops.push(toHop('Service', svc, 'INJECTS'));
  const def = chooseDefinition(row);
  if (!def) return done('ORIGIN_UNKNOWN', gap('Definition', `neither ${String(svc.name)} nor ${String(dest.name)} imports or declares a type (interface, type, class, enum)`));
  hops.push(def.hop);
  return done('complete', null);
}

const navKey = (row: AggridRow): string => [row.table.id, row.column.id, row.renderer?.id ?? '', row.nav?.id ?? ''].join('|');

/**
 * Rows of `aggrid-origin.cypher` → chains. Routes sharing one URL (a lazy loader and its '' child)
 * count once: a branch that stops at a component-less route is dropped when a sibling of the same
 * navigation reaches a component. A navigation whose target edges are flagged ambiguous becomes one
 * AMBIGUOUS chain listing the routes. Chains are deduplicated by key, in query order.
 */
export function buildAggridChains(rows: AggridRow[]): ProofChain[] {
  const groups = new Map<string, AggridRow[]>();
  for (const row of rows) groups.set(navKey(row), [...(groups.get(navKey(row)) ?? []), row]);
  const out: ProofChain[] = [];
  const seen = new Set<string>();
  for (const group of groups.values()) {
    const targets = new Map(group.filter((r) => r.target).map((r) => [r.target!.id, r.target!]));
    if (targets.size > 1 && [...targets.values()].some((t) => t.ambiguous === true)) {
      const head = chainFromRow({ ...group[0]!, target: null, routeCandidates: [] });
      const hops = head.hops.slice(0, 4);
      const candidates = [...targets.values()].sort((a, b) => a.id.localeCompare(b.id, 'en'));
      const chain = makeChain('aggrid-origin', hops, 'AMBIGUOUS', gap('Route', `navigation target matches ${candidates.length} routes`, group[0]!.nav?.expression, candidates, 'AMBIGUOUS'));
      if (!seen.has(chain.key)) out.push(chain);
      seen.add(chain.key);
      continue;
    }
    let chains = group.map(chainFromRow);
    if (chains.some((c) => c.hops.some((h) => h.role === 'Component'))) chains = chains.filter((c) => c.gap?.hop !== 'Component');
    for (const chain of chains) {
      if (seen.has(chain.key)) continue;
      seen.add(chain.key);
      out.push(chain);
    }
  }
  return out;
}
