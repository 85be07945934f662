import { canonicalRepoPath, describeRejection } from '../../paths/index.js';
import type { PlanGraph } from '../schema/plan-graph.schema.js';
import { scanCustomTags } from '../text/template-tags.js';
import type {
  ActivePackFact, ComponentContractFact, PackAnchorsFact, PackFileFact, PlanFacts, ReservationFact, SymbolRef, UsageFact,
} from './plan-facts.js';
import type { ScopeOracle } from './scope-oracle.js';

/** How a planned path resolved: its canonical (and, with an oracle, real) form, or why not. */
export type PathResolution = { ok: true; path: string } | { ok: false; reason: string; detail: string };

/** The answers to every question the checks ask, fetched in one parallel round. */
export interface ResolvedFacts {
  activePack: ActivePackFact | null;
  /** Keyed by {@link pathKey}; use {@link resolvedPath}. */
  paths: ReadonlyMap<string, PathResolution>;
  packFiles: ReadonlyMap<string, PackFileFact>;
  symbols: ReadonlySet<string>;
  usagesByFile: ReadonlyMap<string, readonly UsageFact[]>;
  contracts: ReadonlyMap<string, ComponentContractFact>;
  anchors: PackAnchorsFact;
  reservations: ReadonlyMap<string, ReservationFact>;
}

export type PathMode = 'existing' | 'create';

/** Key of a symbol in {@link ResolvedFacts.symbols}. */
export const symbolKey = (file: string, name: string): string => `${file}\u0000${name}`;

/** Key of a planned path in {@link ResolvedFacts.paths} (the mode never contains ':', so it is unambiguous). */
export const pathKey = (raw: string, mode: PathMode): string => `${mode}:${raw}`;

/** The resolution of `raw` in `mode` (always present for paths the plan contains). */
export function resolvedPath(facts: ResolvedFacts, raw: string, mode: PathMode): PathResolution {
  return facts.paths.get(pathKey(raw, mode)) ?? { ok: false, reason: 'unresolved', detail: 'the path was not resolved' };
}

/** Resource key of a change target, as reservations use it. */
export const fileResourceKey = (path: string): string => `file:${path}`;

/** Resource key of a side effect, as reservations use it. */
export const sideEffectResourceKey = (type: string, payloadRef: string): string => `side_effect:${type}:${payloadRef}`;

function plannedPaths(plan: PlanGraph): Array<{ raw: string; mode: PathMode }> {
  const out: Array<{ raw: string; mode: PathMode }> = [];
  for (const node of plan.nodes) {
    if (node.kind !== 'change') continue;
    out.push({ raw: node.targetFile, mode: node.operation === 'create' ? 'create' : 'existing' });
    for (const evidence of node.codeEvidence) out.push({ raw: evidence.file, mode: 'existing' });
  }
  return out;
}

async function resolveOne(raw: string, mode: PathMode, oracle: ScopeOracle | undefined): Promise<PathResolution> {
  const lexical = canonicalRepoPath(raw);
  if (!lexical.ok) return { ok: false, reason: lexical.reason, detail: describeRejection(lexical.reason) };
  if (!oracle) return lexical;
  const real = await oracle.resolve(lexical.path, mode);
  if (real.ok) return real;
  const detail = real.reason === 'not_found' ? 'the file does not exist in the worktree' : `the path resolves outside the worktree (${real.reason})`;
  return { ok: false, reason: real.reason, detail };
}

/**
 * Resolves every planned path (lexical canonicalisation, then the oracle's realpath containment) and
 * asks PlanFacts everything the checks need, in parallel. Needs a schema-valid plan.
 */
export async function gatherFacts(plan: PlanGraph, facts: PlanFacts, oracle?: ScopeOracle): Promise<ResolvedFacts> {
  const requests = plannedPaths(plan);
  const unique = new Map(requests.map((r) => [pathKey(r.raw, r.mode), r]));
  const sdfTags = new Set<string>();
  for (const node of plan.nodes) {
    if (node.kind !== 'change') continue;
    for (const { tag } of scanCustomTags(node.editIntent.after ?? '')) if (tag.startsWith('sdf-')) sdfTags.add(tag);
  }
  const [resolutions, activePack, anchors, contracts] = await Promise.all([
    Promise.all([...unique.entries()].map(async ([key, { raw, mode }]) => [key, await resolveOne(raw, mode, oracle)] as const)),
    facts.activePack(),
    facts.packAnchors(),
    facts.componentContracts([...sdfTags].sort()),
  ]);
  const paths = new Map(resolutions);
  const okPaths = [...new Set([...paths.values()].flatMap((r) => (r.ok ? [r.path] : [])))].sort();
  const symbolRefs: SymbolRef[] = [];
  const targetFiles = new Set<string>();
  const resourceKeys = new Set<string>();
  for (const node of plan.nodes) {
    if (node.kind === 'side_effect') resourceKeys.add(sideEffectResourceKey(node.sideEffectType, node.sideEffectPayloadRef));
    if (node.kind !== 'change') continue;
    const target = paths.get(pathKey(node.targetFile, node.operation === 'create' ? 'create' : 'existing'));
    if (target?.ok) {
      targetFiles.add(target.path);
      resourceKeys.add(fileResourceKey(target.path));
      if (node.operation !== 'create') for (const name of node.targetSymbols) symbolRefs.push({ file: target.path, name });
    }
    for (const evidence of node.codeEvidence) {
      const file = paths.get(pathKey(evidence.file, 'existing'));
      if (file?.ok && evidence.symbol) symbolRefs.push({ file: file.path, name: evidence.symbol });
    }
  }
  const [packFiles, symbols, usages, reservations] = await Promise.all([
    facts.packFiles(okPaths),
    symbolRefs.length > 0 ? facts.existingSymbols(symbolRefs) : Promise.resolve([]),
    targetFiles.size > 0 ? facts.tagUsages([...targetFiles].sort()) : Promise.resolve([]),
    resourceKeys.size > 0 ? facts.reservedByOthers([...resourceKeys].sort()) : Promise.resolve([]),
  ]);
  const usagesByFile = new Map<string, UsageFact[]>();
  for (const usage of usages) usagesByFile.set(usage.file, [...(usagesByFile.get(usage.file) ?? []), usage]);
  return {
    activePack,
    paths,
    packFiles: new Map(packFiles.map((f) => [f.path, f])),
    symbols: new Set(symbols.map((s) => symbolKey(s.file, s.name))),
    usagesByFile,
    contracts: new Map(contracts.map((c) => [c.tag, c])),
    anchors,
    reservations: new Map(reservations.map((r) => [r.resourceKey, r])),
  };
}
