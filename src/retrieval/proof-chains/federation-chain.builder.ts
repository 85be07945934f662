import {
  flatDetails, makeChain, toHop, toNode, type ChainGap, type ChainHop, type NodeRow, type ProofChain,
} from './proof-chain.model.js';

/** The persisted LOADS_REMOTE reference of one remote load (resolved or not). */
export interface LoadRow {
  id: string;
  status: string | null;
  reason: string | null;
  /** JSON `{kind: 'remote', remote, exposed}` (`remote: '*'` when the name is not a literal). */
  target: string | null;
  /** JSON `{form, loader, line, remoteEntry?}`. */
  propsJson: string | null;
}

/** One candidate expose of one remote load, as `proof-chains/federation-chain.cypher` returns it. */
export interface FederationRow {
  load: LoadRow;
  source: NodeRow;
  expose: NodeRow | null;
  mappings: NodeRow[];
  moduleFile: NodeRow | null;
  moduleSymbols: NodeRow[];
  routedComponents: Array<{ route: NodeRow; component: NodeRow }>;
  declaredComponents: NodeRow[];
}

function parseJson(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const labelled = (row: NodeRow, label: string): boolean => (row.labels ?? []).includes(label);

function fedGap(hop: ChainGap['hop'], reason: string, expression: string | null, candidates: NodeRow[] = [], ambiguous = false): ChainGap {
  return { hop, code: ambiguous ? 'FEDERATION_AMBIGUOUS' : 'FEDERATION_UNRESOLVED', reason, expression, candidates: candidates.map((c) => toNode(c)) };
}

function commonPrefixDepth(a: string | null | undefined, b: string | null | undefined): number {
  const x = (a ?? '').split('/');
  const y = (b ?? '').split('/');
  let i = 0;
  while (i < x.length - 1 && i < y.length - 1 && x[i] === y[i]) i += 1;
  return i;
}

/**
 * The federation config entry that maps the loaded remote: the one whose entry URL is the load's
 * `remoteEntry`, then whose remote name is the load's, then the config nearest the host file.
 * Several equally good entries are an ambiguity, reported with every candidate.
 */
export function chooseMapping(mappings: NodeRow[], load: { remote: string | null; remoteEntry: string | null }, sourcePath: string | null): { chosen: NodeRow | null; tied: NodeRow[] } {
  if (mappings.length <= 1) return { chosen: mappings[0] ?? null, tied: [] };
  const score = (m: NodeRow): number[] => [
    load.remoteEntry && (m.entry === load.remoteEntry || m.remoteEntry === load.remoteEntry) ? 1 : 0,
    load.remote && load.remote !== '*' && (m.name === load.remote || m.container === load.remote) ? 1 : 0,
    commonPrefixDepth(str(m.path), sourcePath),
  ];
  const cmp = (a: number[], b: number[]): number => a.reduce((acc, v, i) => acc || (b[i]! - v), 0);
  const ranked = mappings.map((m) => ({ m, s: score(m) })).sort((a, b) => cmp(a.s, b.s) || a.m.id.localeCompare(b.m.id, 'en'));
  const tied = ranked.filter((r) => cmp(r.s, ranked[0]!.s) === 0).map((r) => r.m);
  return tied.length > 1 ? { chosen: null, tied } : { chosen: ranked[0]!.m, tied: [] };
}

type Destination = { hop: ChainHop } | { gap: ChainGap };

function pick(candidates: NodeRow[], via: string, what: string, details: (c: NodeRow) => ChainHop['details'] = () => ({})): Destination | null {
  const unique = [...new Map(candidates.map((c) => [c.id, c])).values()];
  if (unique.length === 0) return null;
  if (unique.length === 1) return { hop: toHop('DestinationComponent', unique[0]!, via, details(unique[0]!)) };
  return { gap: fedGap('DestinationComponent', `the exposed module ${what} ${unique.length} components`, null, unique, true) };
}

/** The component a remote module lands on: its root route's component, else the component it defines or declares. */
export function chooseDestination(row: FederationRow): Destination {
  const routed = row.routedComponents;
  const roots = routed.filter((r) => r.route.localPath === '/' || r.route.localPath === '');
  const routeDest = (): Destination | null => {
    const set = roots.length ? roots : routed;
    const byComponent = new Map(set.map((r) => [r.component.id, r]));
    return pick([...byComponent.values()].map((r) => r.component), 'ROUTES_TO', roots.length ? 'root route routes to' : 'routes to',
      (c) => flatDetails({ route: str(byComponent.get(c.id)?.route.name), routeId: byComponent.get(c.id)?.route.id }));
  };
  const defined = row.moduleSymbols.filter((s) => labelled(s, 'Component'));
  const exported = defined.filter((s) => s.exported === true);
  const definedDest = (): Destination | null => pick(exported.length ? exported : defined, 'DEFINES', 'file defines');
  const hasModule = row.moduleSymbols.some((s) => labelled(s, 'NgModule'));
  const order = hasModule
    ? [routeDest, () => pick(row.declaredComponents, 'DECLARES', 'NgModule declares'), definedDest]
    : [definedDest, routeDest];
  for (const step of order) {
    const found = step();
    if (found) return found;
  }
  return { gap: fedGap('DestinationComponent', 'the exposed module routes to, defines and declares no component', row.moduleFile?.path ?? null) };
}

function chainForLoad(rows: FederationRow[]): ProofChain {
  const first = rows[0]!;
  const target = parseJson(first.load.target);
  const props = parseJson(first.load.propsJson);
  const remote = str(target.remote);
  const exposed = str(target.exposed);
  const expression = `${remote ?? '?'}/${(exposed ?? '?').replace(/^\.\//, '')}`;
  const hops: ChainHop[] = [toHop('HostRoute', first.source, null, flatDetails({ remote, exposed, form: props.form, loader: props.loader, remoteEntry: props.remoteEntry }))];
  const done = (status: ProofChain['status'], g: ChainGap | null): ProofChain => makeChain('federation', hops, status, g);
  const exposes = [...new Map(rows.filter((r) => r.expose).map((r) => [r.expose!.id, r])).values()];
  if (exposes.length === 0) {
    const why = str(first.load.reason) ?? `no remote of this repository exposes '${exposed ?? '?'}'${remote && remote !== '*' ? ` as '${remote}'` : ''}`;
    return done('ORIGIN_UNKNOWN', fedGap('RemoteExpose', `remote load unresolved (${first.load.status ?? 'unresolved'}): ${why}`, expression));
  }
  if (exposes.length > 1) {
    const names = exposes.map((r) => String(r.expose!.name ?? r.expose!.id)).join(', ');
    return done('AMBIGUOUS', fedGap('RemoteExpose', `remote load '${expression}' matches ${exposes.length} exposed modules: ${names}`, expression, exposes.map((r) => r.expose!), true));
  }
  const row = exposes[0]!;
  const expose = row.expose!;
  const mapping = chooseMapping(row.mappings, { remote, remoteEntry: str(props.remoteEntry) }, str(first.source.path));
  if (mapping.tied.length) {
    return done('AMBIGUOUS', fedGap('FederationMapping', `${mapping.tied.length} federation configs map remote '${String(expose.remote)}' equally well`, expression, mapping.tied, true));
  }
  if (!mapping.chosen) {
    return done('ORIGIN_UNKNOWN', fedGap('FederationMapping', `no federation config of this repository maps remote '${String(expose.remote ?? remote)}' (exposed by ${String(expose.path)})`, expression, [expose]));
  }
  const m = mapping.chosen;
  hops.push(toHop('FederationMapping', m, 'LOADS_REMOTE', flatDetails({ container: m.container, host: m.host, entry: m.entry })));
  hops.push(toHop('RemoteExpose', expose, 'EXPOSES', flatDetails({ key: expose.key, remote: expose.remote, targetPath: expose.targetPath })));
  if (!row.moduleFile) {
    const why = str(expose.unresolvedReason) ?? `exposed path ${String(expose.targetPath ?? '?')} is not a file of this repository`;
    return done('ORIGIN_UNKNOWN', fedGap('RemoteModule', why, str(expose.targetPath)));
  }
  const ngModule = row.moduleSymbols.find((s) => labelled(s, 'NgModule'));
  hops.push(ngModule
    ? toHop('RemoteModule', ngModule, 'EXPOSES', flatDetails({ file: row.moduleFile.path }))
    : toHop('RemoteModule', row.moduleFile, 'EXPOSES', flatDetails({ file: row.moduleFile.path })));
  const dest = chooseDestination(row);
  if ('gap' in dest) return done(dest.gap.code === 'FEDERATION_AMBIGUOUS' ? 'AMBIGUOUS' : 'ORIGIN_UNKNOWN', dest.gap);
  hops.push(dest.hop);
  return done('complete', null);
}

/** Rows of `federation-chain.cypher` → one chain per remote load (grouped by its reference), in query order. */
export function buildFederationChains(rows: FederationRow[]): ProofChain[] {
  const groups = new Map<string, FederationRow[]>();
  for (const row of rows) groups.set(row.load.id, [...(groups.get(row.load.id) ?? []), row]);
  return [...groups.values()].map(chainForLoad);
}
