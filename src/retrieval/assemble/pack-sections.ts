import type { TestCoverage } from '../closure/test-grade.js';
import type { FileDetailRow } from '../lanes/lane.queries.js';
import type { ContextPack } from '../pack/pack-contract.schema.js';
import type { SelectedAnchor } from '../rank/anchor-selection.js';
import type { Candidate } from '../rank/candidate.model.js';
import type { RankedFile } from '../rank/fusion.rank.js';
import type { ContextSignature } from '../signature/context-signature.js';
import { compareText } from '../shared/stable-order.js';
import type { PackProofChain } from './proof-chain-hook.js';

type Evidence = ContextPack['evidence'];
type Missing = ContextPack['missingness']['missingAnchors'][number];

/** An anchor as the pack records it (snapshot stamped, reasons capped). */
export function anchorRef(a: SelectedAnchor, snapshotId: string): ContextPack['anchors']['entrypoints'][number] {
  return {
    id: a.id, kind: a.kind, path: a.path, score: a.score, reasons: a.reasons.slice(0, 8).map((r) => r.slice(0, 4000)),
    ...(a.name ? { name: a.name } : {}), ...(a.line !== undefined ? { line: a.line } : {}), ...(snapshotId ? { snapshotId } : {}),
  };
}

/** Evidence symbols (top-level symbols of the selected files) and snippet refs (anchor definitions first). */
export function evidenceSymbolsAndSnippets(selected: readonly RankedFile[], details: ReadonlyMap<string, FileDetailRow>, anchors: readonly SelectedAnchor[], maxSnippets: number): Pick<Evidence, 'symbols' | 'snippets'> {
  const symbols: Evidence['symbols'] = [];
  const ends = new Map<string, number>();
  for (const f of selected) {
    for (const s of details.get(f.path)?.symbols ?? []) {
      if (!s.name) continue;
      if (typeof s.endLine === 'number') ends.set(s.id, s.endLine);
      symbols.push({ id: s.id, name: s.name.slice(0, 500), kind: (s.kind ?? 'symbol').slice(0, 60), path: f.path, ...(typeof s.line === 'number' && s.line >= 0 ? { line: s.line } : {}) });
    }
  }
  const snippets: Evidence['snippets'] = [];
  const seen = new Set<string>();
  const add = (path: string, start: number, end: number, reason: string): void => {
    const ref = `${path}#L${start}-L${end}`;
    if (seen.has(ref) || snippets.length >= maxSnippets) return;
    seen.add(ref);
    snippets.push({ ref, path, startLine: start, endLine: end, reason: reason.slice(0, 4000) });
  };
  for (const a of anchors) if (a.line !== undefined) add(a.path, a.line, Math.max(a.line, ends.get(a.id) ?? a.line), `anchor ${a.kind} ${a.name ?? a.id}`);
  for (const f of selected) {
    const e = f.entities.find((x) => x.line !== undefined && x.kind !== 'file');
    if (e?.line !== undefined) add(f.path, e.line, Math.max(e.line, ends.get(e.id) ?? e.line), f.reasons[0] ?? `${e.kind} ${e.name ?? e.id}`);
  }
  return { symbols, snippets };
}

const DOWNGRADE: Record<'high' | 'medium' | 'low', 'high' | 'medium' | 'low'> = { high: 'medium', medium: 'low', low: 'low' };

/**
 * The validation plan: covering tests as hooks with their confidence grade (downgraded one step when
 * the change touches Shadow DOM, which unit tests do not pierce), and a fallback chain from the
 * validation profiles in scope plus the generic steps that always apply.
 */
export function validationPlanOf(tests: readonly TestCoverage[], candidates: readonly Candidate[], signature: ContextSignature, requiredChecks: readonly string[]): ContextPack['validationPlan'] {
  const pathOf = new Map(candidates.map((c) => [c.id, c.path]));
  const hooks = new Map<string, ContextPack['validationPlan']['hooks'][number]>();
  for (const t of tests) {
    const kind = t.framework === 'cypress' || t.framework === 'playwright' || t.framework === 'protractor' ? 'e2e' : 'unit';
    const confidence = signature.touchesShadowDom && kind === 'unit' ? DOWNGRADE[t.confidence] : t.confidence;
    const covered = pathOf.get(t.covers);
    const prev = hooks.get(t.id);
    const covers = [...new Set([...(prev?.covers ?? []), t.path, ...(covered ? [covered] : [])])].sort(compareText);
    hooks.set(t.id, { id: t.id, kind, covers, confidence: prev && rank(prev.confidence) > rank(confidence) ? prev.confidence : confidence });
  }
  const fallbackChain = [
    ...requiredChecks,
    'run the unit tests of the changed files (or the nearest spec in their folder)',
    'typecheck the project',
    ...(signature.touchesShadowDom ? ['check sdf-* changes in a browser-level test that pierces the shadow root'] : []),
    'manual check of the affected screen, recorded in the plan',
  ];
  return { hooks: [...hooks.values()], fallbackChain: [...new Set(fallbackChain)] };
}

function rank(c: 'high' | 'medium' | 'low'): number {
  return c === 'high' ? 2 : c === 'medium' ? 1 : 0;
}

/** Missing required chains as missing anchors (a complete chain, or an explicit unknown ag-Grid origin, satisfies the rule). */
export function chainGaps(chains: readonly PackProofChain[], required: readonly string[], lanes: readonly string[]): Missing[] {
  const out: Missing[] = [];
  for (const type of required) {
    const chain = chains.find((c) => c.chainType === type);
    const ok = chain && (chain.status === 'complete' || (type === 'aggrid_origin' && chain.status === 'origin_unknown'));
    if (ok) continue;
    out.push({
      anchorType: type === 'federation' ? 'federation' : 'aggrid_origin',
      requiredBy: type === 'federation' ? 'federation proof rule (002 §6.5, §13.4)' : 'UI origin rule (002 §6.5)',
      whyRequired: type === 'federation' ? 'the task crosses a module-federation boundary; a plan needs host route → remote mapping → exposed module → destination component'
        : 'the task touches an ag-Grid flow; a plan needs table → column → renderer → navigation → route, or an explicit unknown origin',
      attemptedSources: ['proof-chain service', ...lanes.map((l) => `${l} lane`)],
      confidence: chain?.status === 'ambiguous' ? 0.5 : 0.7,
    });
  }
  return out;
}

/** A step the agent can take to close a gap: an `escalate` call, ready to send. */
export interface EscalationStep {
  verb: 'escalate';
  args: { need: string; type: 'scope_expand' | 'artifact_fetch' | 'symbol_lookup'; requestedEvidence: Array<{ type: string; detail: string }> };
}

const STEP: Record<Missing['anchorType'], EscalationStep['args']> = {
  entrypoint: { need: 'the route, component or module where this change enters the application', type: 'scope_expand', requestedEvidence: [{ type: 'scope_expand', detail: 'name the route path, component class or selector the change starts from (e.g. /orders/:id, OrderDetailComponent, app-order-detail)' }] },
  definition: { need: 'the definition (DTO, interface, service contract or API endpoint) the change depends on', type: 'symbol_lookup', requestedEvidence: [{ type: 'symbol_lookup', detail: 'name the interface, DTO, service class or endpoint path (e.g. OrderDto, OrdersService, GET /api/orders/{id})' }] },
  aggrid_origin: { need: 'the ag-Grid table, column and renderer this flow starts from', type: 'scope_expand', requestedEvidence: [{ type: 'scope_expand', detail: 'name the grid host component or the column field' }] },
  federation: { need: 'the host route that loads the remote and the remote module it exposes', type: 'artifact_fetch', requestedEvidence: [{ type: 'scope_expand', detail: 'name the host route path and the remote (webpack exposes key) it loads' }] },
};

/**
 * The step for a pack whose head does not stand out (the evidence_discriminates gate failed): the
 * candidates to choose among and the task words the graph could not place, so the agent (or the
 * person) can name the one thing that decides.
 */
export function disambiguationStep(head: readonly string[], unplacedTerms: readonly string[], absentTerms: readonly string[] = []): EscalationStep {
  const quote = (terms: readonly string[]): string => terms.slice(0, 6).map((t) => `"${t}"`).join(', ');
  const where = absentTerms.length > 0 ? `; no file contains ${quote(absentTerms)}: say what they are called in the code, or that they are new`
    : unplacedTerms.length > 0 ? `; the words ${quote(unplacedTerms)} are not in their paths` : '';
  return {
    verb: 'escalate',
    args: {
      need: `which of ${head.join(', ') || 'the ranked files'} the task is about${where}`.slice(0, 4000),
      type: 'scope_expand',
      requestedEvidence: [{ type: 'scope_expand', detail: 'name the component, route, file or the exact UI text the task is about' }],
    },
  };
}

/** The escalation plan for the gaps of a pack: one escalate step per missing anchor, never a guess. */
export function escalationPlanOf(missing: readonly Missing[]): EscalationStep[] {
  const types = [...new Set(missing.map((m) => m.anchorType))].sort(compareText);
  return types.map((t) => ({ verb: 'escalate', args: { ...STEP[t], requestedEvidence: STEP[t].requestedEvidence.map((r) => ({ ...r })) } }));
}

/** Verbs an insufficient pack blocks, and why (planning on a pack without anchors would be a guess). */
export function blockedCommandsOf(outcome: ContextPack['outcome'], missing: readonly Missing[]): Array<{ verb: string; reason: string }> {
  if (outcome === 'ready') return [];
  const what = [...new Set(missing.map((m) => m.anchorType))].sort(compareText).join(', ') || 'pack-ready gates';
  return [
    { verb: 'submit_execution_plan', reason: `the pack is insufficient (missing: ${what}); escalate first` },
    { verb: 'apply_code_patch', reason: 'no plan can be accepted on an insufficient pack' },
  ];
}
