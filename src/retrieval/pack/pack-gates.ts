import { GATE_IDS, type ContextPack, type GateId, type GateResult } from './pack-contract.schema.js';

type Gate = (pack: ContextPack) => { pass: boolean; reasons: string[] };

const LEGACY_TAG = /(?:^|[^a-z0-9-])adp-[a-z0-9-]+/i;

function snapshotPurity(pack: ContextPack): { pass: boolean; reasons: string[] } {
  const snap = pack.header.repoSnapshotId;
  if (!snap) return { pass: false, reasons: ['header.repoSnapshotId is empty'] };
  const foreign = [
    ...pack.evidence.files.filter((f) => f.snapshotId && f.snapshotId !== snap).map((f) => `evidence ${f.path} is from snapshot ${f.snapshotId}`),
    ...[...pack.anchors.entrypoints, ...pack.anchors.definitions].filter((a) => a.snapshotId && a.snapshotId !== snap).map((a) => `anchor ${a.id} is from snapshot ${a.snapshotId}`),
  ];
  return foreign.length > 0 ? { pass: false, reasons: foreign.slice(0, 20) } : { pass: true, reasons: [`every fact is from snapshot ${snap}`] };
}

function anchorsPresent(pack: ContextPack): { pass: boolean; reasons: string[] } {
  const { entrypoints, definitions } = pack.anchors;
  const reasons = [
    entrypoints.length > 0 ? `${entrypoints.length} entrypoint anchor(s)` : 'no entrypoint anchor (route, component, module)',
    definitions.length > 0 ? `${definitions.length} definition anchor(s)` : 'no definition anchor (DTO, interface, service contract)',
  ];
  return { pass: entrypoints.length > 0 && definitions.length > 0, reasons };
}

function chainGate(type: 'federation' | 'aggrid_origin', applies: (p: ContextPack) => boolean, acceptUnknown: boolean): Gate {
  return (pack) => {
    if (!applies(pack)) return { pass: true, reasons: ['not applicable to this signature'] };
    const chains = pack.anchors.proofChains.filter((c) => c.chainType === type);
    const complete = chains.find((c) => c.status === 'complete');
    if (complete) return { pass: true, reasons: [`${type} chain complete (${complete.hops.length} hops)`] };
    const unknown = chains.find((c) => c.status === 'origin_unknown');
    if (acceptUnknown && unknown) return { pass: true, reasons: [`${type} chain explicitly marked origin unknown: ${unknown.missing.map((m) => m.hop).join(', ') || 'no hop found'}`] };
    if (chains.length === 0) return { pass: false, reasons: [`the signature requires a ${type} chain and the pack has none`] };
    return { pass: false, reasons: chains.map((c) => `${type} chain is ${c.status}${c.missing.length ? `; missing ${c.missing.map((m) => m.hop).join(', ')}` : ''}`) };
  };
}

function examplesExcludeAdp(pack: ContextPack): { pass: boolean; reasons: string[] } {
  const bad = pack.recipes.examples.filter((e) => e.kind === 'preferred' && ((e.tag && /^adp-/i.test(e.tag)) || LEGACY_TAG.test(e.path)));
  return bad.length > 0
    ? { pass: false, reasons: bad.map((e) => `preferred example ${e.id} uses legacy ${e.tag ?? e.path}`) }
    : { pass: true, reasons: ['no preferred example points at adp-* guidance'] };
}

function validationPlanPresent(pack: ContextPack): { pass: boolean; reasons: string[] } {
  const { hooks, fallbackChain } = pack.validationPlan;
  if (hooks.length > 0) return { pass: true, reasons: [`${hooks.length} validation hook(s)`] };
  if (fallbackChain.length > 0) return { pass: true, reasons: [`no hook, fallback chain of ${fallbackChain.length} step(s)`] };
  return { pass: false, reasons: ['neither validation hooks nor a fallback chain'] };
}

/** Missingness is consistent: every unmet anchor requirement is declared as a missing anchor. */
function missingnessPresent(pack: ContextPack): { pass: boolean; reasons: string[] } {
  const declared = new Set(pack.missingness.missingAnchors.map((m) => m.anchorType));
  const undeclared: string[] = [];
  if (pack.anchors.entrypoints.length === 0 && !declared.has('entrypoint')) undeclared.push('entrypoint');
  if (pack.anchors.definitions.length === 0 && !declared.has('definition')) undeclared.push('definition');
  for (const t of pack.strategy.requiredProofChains) {
    const ok = pack.anchors.proofChains.some((c) => c.chainType === t && (c.status === 'complete' || (t === 'aggrid_origin' && c.status === 'origin_unknown')));
    if (!ok && !declared.has(t)) undeclared.push(t);
  }
  return undeclared.length > 0
    ? { pass: false, reasons: undeclared.map((u) => `missing ${u} is not declared in missingness.missingAnchors`) }
    : { pass: true, reasons: [`${pack.missingness.missingAnchors.length} missing anchor(s), ${pack.missingness.conflicts.length} conflict(s) declared`] };
}

/** Every domain anchor the evidence touches was queried for memories. */
function memoryRulesLoaded(pack: ContextPack): { pass: boolean; reasons: string[] } {
  const queried = new Set(pack.memories.anchorsQueried);
  const inPlay = [...new Set(pack.evidence.files.map((f) => f.anchorId).filter((a): a is string => Boolean(a)))].sort();
  const missed = inPlay.filter((a) => !queried.has(a));
  return missed.length > 0
    ? { pass: false, reasons: missed.slice(0, 20).map((a) => `memories not queried for domain anchor ${a}`) }
    : { pass: true, reasons: [`memories queried for ${queried.size} anchor(s); ${pack.memories.records.length} active record(s)`] };
}

/**
 * When the head of the ranking is trustworthy enough to call the pack ready: at least `minTermCoverage`
 * of the task's words occur somewhere in the repository (a task about what the code does not have
 * cannot be placed), the head is not tied with the 10th file (`minMargin`), and `minGroups` independent
 * lane groups (of those that found anything) put a head file among their own best. Measured on two
 * repositories' history evals (src/eval/README.md "Calibration"): on real tasks neither a larger
 * margin nor more agreeing groups lowered false confidence by more than a few points while refusing up
 * to half of the right packs, so the thresholds stay at what separates the clear cases. What did
 * separate them is how strong the head is in absolute terms (`minHeadStrength`): when the text lanes
 * that found anything do not, together, put the first file near their own top, it leads only because
 * nothing matched better (bench/retrieval/gate-study.ts).
 */
export const DISCRIMINATION_GATE = { minMargin: 0.1, minGroups: 2, minTermCoverage: 0.5, minHeadStrength: 0.55 };

function evidenceDiscriminates(pack: ContextPack): { pass: boolean; reasons: string[] } {
  const d = pack.evidence.discrimination;
  if (!d) return { pass: true, reasons: ['no ranking to judge (a pack built from agent terms only)'] };
  const head = d.head.map((p) => p.slice(p.lastIndexOf('/') + 1)).join(', ');
  const margin = d.margin >= DISCRIMINATION_GATE.minMargin;
  // Agreement is asked only of the groups that found anything: no history lane without git, no UI text without translations.
  const agree = d.agreeingGroups.length >= Math.min(DISCRIMINATION_GATE.minGroups, d.availableGroups);
  const covered = d.termCoverage >= DISCRIMINATION_GATE.minTermCoverage;
  // Packs sealed before headStrength existed (or built without text lanes) carry none: not judged on it.
  const strong = d.headStrength === undefined || d.headStrength >= DISCRIMINATION_GATE.minHeadStrength;
  if (margin && agree && covered && strong) return { pass: true, reasons: [`the head (${head}) leads the runners-up by ${Math.round(d.margin * 100)}% and ${d.agreeingGroups.join(' + ')} agree on it`] };
  const reasons: string[] = [];
  if (!covered) reasons.push(`no file of the repository contains ${d.absentTerms.map((t) => `"${t}"`).join(', ')} (${Math.round((1 - d.termCoverage) * 100)}% of the task's words)`);
  if (!margin) reasons.push(`the head (${head}) leads the 10th file by only ${Math.round(d.margin * 100)}% of its score`);
  if (!strong) reasons.push(`the head (${head}) has ${Math.round((d.headStrength ?? 0) * 100)}% of the score a file gets when every text lane that found anything ranks it first: it leads only because nothing matched better`);
  if (!agree) reasons.push(`only ${d.agreeingGroups.join(', ') || 'no'} lane group supports the head; names, UI text, file text and history do not agree`);
  reasons.push(d.unplacedTerms.length > 0
    ? `terms that would decide: where is ${d.unplacedTerms.map((t) => `"${t}"`).join(', ')}? Name the component, route, file or UI text`
    : 'name the component, route, file or UI text the task is about');
  return { pass: false, reasons };
}

const GATES: Record<GateId, Gate> = {
  snapshot_purity: snapshotPurity,
  anchors_present: anchorsPresent,
  federation_proof: chainGate('federation', (p) => p.strategy.signature.crossesFederationBoundary, false),
  ui_origin_chain: chainGate('aggrid_origin', (p) => p.strategy.signature.mentionsAgGrid, true),
  examples_exclude_adp: examplesExcludeAdp,
  validation_plan_present: validationPlanPresent,
  missingness_present: missingnessPresent,
  memory_rules_loaded: memoryRulesLoaded,
  evidence_discriminates: evidenceDiscriminates,
};

/**
 * Runs the pack-ready gates (002 §7.2, plus the §6.5 origin-chain rule) on a pack. Pure; each result
 * says pass/fail and why. The pack is ready only when every gate passes.
 */
export function checkPackGates(pack: ContextPack): { ready: boolean; gates: GateResult[] } {
  const gates = GATE_IDS.map((gate) => ({ gate, ...GATES[gate](pack) }));
  return { ready: gates.every((g) => g.pass), gates };
}
