import type { ContextPack, GateResult } from './pack-contract.schema.js';
import { CITATION_LEGEND, citationIndex, citeFile, FULL_REASONS, lineRef, type CitationIndex, type ReasonDetail } from './pack-citations.js';

/** `limits.packResponseTokens` default: the pack part of an initialize_work / escalate answer, in tokens (chars / 4). */
export const DEFAULT_PACK_RESPONSE_TOKENS = 6_000;
const CHARS_PER_TOKEN = 4;

/** An escalation step and a blocked command, as the assembly hands them for an insufficient pack. */
interface EscalationStepLike { verb: string; args: { need: string; type: string; requestedEvidence: ReadonlyArray<{ type: string; detail: string }> } }
interface BlockedLike { verb: string; reason: string }

export interface SummaryOptions {
  /** The pack file (repo-relative) and its hash. */
  ref: string;
  hash: string;
  /** Token budget of the whole pack part (default 6,000); its JSON never exceeds tokens × 4 characters. */
  maxTokens?: number;
  /** The ContextPack node id and counts the pack store reports (default: the pack's own). */
  id?: string;
  fileCount?: number;
  symbolCount?: number;
  /** The strategy's checkpoints (from the strategy decision; the pack does not keep them). */
  checkpoints?: readonly string[];
  escalationPlan?: readonly EscalationStepLike[];
  blockedCommands?: readonly BlockedLike[];
  gates?: readonly GateResult[];
}

/**
 * Caps of one degradation level. Levels go from rich to bare in the order the budget gives things up:
 * snippets, then snippet text, then reasons per citation; files go last (by binary search at the
 * last file level), and only when no file fits do the other sections shrink.
 */
interface Level {
  snippets: number;
  snippetText: number;
  reasons: ReasonDetail;
  /** Strings (rules, approach, hop names, whys) are cut to this many characters. */
  text: number;
  /** Items per list section (policies, memories, guidance, plan steps, attachments). */
  items: number;
  chains: number;
  hops: number;
}
const RICH = { text: 200, items: 20, chains: 10, hops: 24 };
const FILE_LEVELS: readonly Level[] = [
  { snippets: 6, snippetText: 1_000, reasons: FULL_REASONS, ...RICH },
  { snippets: 4, snippetText: 700, reasons: FULL_REASONS, ...RICH },
  { snippets: 3, snippetText: 400, reasons: FULL_REASONS, ...RICH },
  { snippets: 2, snippetText: 200, reasons: FULL_REASONS, ...RICH },
  { snippets: 0, snippetText: 0, reasons: FULL_REASONS, ...RICH },
  { snippets: 0, snippetText: 0, reasons: { lanes: 3, name: true }, ...RICH },
  { snippets: 0, snippetText: 0, reasons: { lanes: 1, name: false }, ...RICH },
];
const BARE_LEVELS: readonly Level[] = [
  { snippets: 0, snippetText: 0, reasons: { lanes: 1, name: false }, text: 100, items: 5, chains: 3, hops: 8 },
  { snippets: 0, snippetText: 0, reasons: { lanes: 0, name: false }, text: 40, items: 2, chains: 1, hops: 3 },
  { snippets: 0, snippetText: 0, reasons: { lanes: 0, name: false }, text: 0, items: 0, chains: 0, hops: 0 },
];

const cut = (s: string, n: number): string => (s.length > n ? `${s.slice(0, Math.max(0, n - 1))}…` : s);
const chars = (v: unknown): number => JSON.stringify(v).length;

/** Snippet text cut at a line boundary when one is near, so a cut snippet still shows whole numbered lines. */
function cutLines(text: string, n: number): string {
  if (text.length <= n) return text;
  const head = text.slice(0, Math.max(0, n - 1));
  const nl = head.lastIndexOf('\n');
  return `${nl > n / 2 ? head.slice(0, nl) : head}…`;
}

/** The pack part of an answer: what `initialize_work` / `escalate` put in `result` besides their own extras. */
export type PackSummary = ReturnType<typeof build>;

function build(pack: ContextPack, o: SummaryOptions, index: CitationIndex, l: Level, fileCount: number) {
  const t = (s: string): string => cut(s, l.text);
  const files = pack.evidence.files.slice(0, fileCount);
  const withSnippet = files.map((f) => ({ f, s: index.ranges.get(f.path)?.snippet })).filter((x) => x.s?.text).slice(0, l.snippets);
  const chains = pack.anchors.proofChains.slice(0, l.chains);
  const failing = (o.gates ?? pack.gates ?? []).filter((g) => !g.pass);
  const insufficient = pack.outcome === 'pack_insufficient';
  const kept = {
    files: files.length, snippets: withSnippet.length, chains: chains.length,
    hops: chains.reduce((n, c) => n + Math.min(c.hops.length, l.hops), 0),
    policies: Math.min(pack.policies.length, l.items), memories: Math.min(pack.memories.records.length, l.items),
  };
  const workId = pack.header.workId;
  return {
    contextPack: {
      id: cut(o.id ?? pack.header.contextPackId, 200), ref: cut(o.ref, 300), hash: cut(o.hash, 100), version: pack.header.version, outcome: pack.outcome,
      fileCount: o.fileCount ?? pack.evidence.files.length, symbolCount: o.symbolCount ?? pack.evidence.symbols.length,
      legend: CITATION_LEGEND,
      // Ranked citations: each pack file once, its best line range first.
      files: files.map((f) => citeFile(f, index, l.reasons, l.text > 0 ? 1000 : 200)),
      // Code of the best-ranked files, keyed by the lines they show, so the agent can start without a read.
      snippets: Object.fromEntries(withSnippet.map(({ f, s }) => [lineRef(f.path, { start: s?.startLine, end: s?.endLine }), cutLines(s?.text ?? '', l.snippetText)])),
      chains: chains.map((c) => ({
        type: c.chainType, status: c.status,
        hops: c.hops.slice(0, l.hops).map((h) => [h.label, h.name ? t(h.name) : '', h.path ? lineRef(t(h.path), { start: h.line }) : ''].filter(Boolean).join(' ')),
        ...(c.missing.length > 0 ? { missing: c.missing.slice(0, l.items).map((m) => `${m.hop}: ${t(m.reason)}`) } : {}),
      })),
      policies: pack.policies.slice(0, l.items).map((p) => `${t(p.id)} ${p.severity}: ${t(p.rule)}`),
      memories: pack.memories.records.slice(0, l.items).map((m) => `${t(m.id)} ${m.enforcementType}: ${t(m.summary)}`),
      ...(failing.length > 0 ? { gatesFailed: failing.map((g) => [g.gate, ...g.reasons.slice(0, Math.min(2, l.items)).map(t)].join(': ')) } : {}),
      more: {
        uri: `graphgate://work/${cut(workId, 200)}/pack`, verb: 'read_resource',
        omitted: {
          files: pack.evidence.files.length - kept.files, snippets: pack.evidence.snippets.length - kept.snippets, symbols: pack.evidence.symbols.length,
          chains: pack.anchors.proofChains.length - kept.chains, hops: pack.anchors.proofChains.reduce((n, c) => n + c.hops.length, 0) - kept.hops,
          policies: pack.policies.length - kept.policies, memories: pack.memories.records.length - kept.memories, cut: pack.missingness.cut.length,
        },
      },
    },
    strategy: {
      strategyId: pack.strategy.strategyId, approach: t(pack.strategy.approach),
      ...(pack.strategy.requiredProofChains.length > 0 ? { requiredProofChains: pack.strategy.requiredProofChains } : {}),
      ...(o.checkpoints && o.checkpoints.length > 0 && l.items > 0 ? { checkpoints: o.checkpoints.slice(0, l.items).map(t) } : {}),
      ...(pack.strategy.suggestedSplits.length > 0 && l.items > 0 ? { suggestedSplits: pack.strategy.suggestedSplits.slice(0, l.items).map(t) } : {}),
      ...(pack.strategy.escalationGuidance.length > 0 && l.items > 0 ? { escalationGuidance: pack.strategy.escalationGuidance.slice(0, Math.min(4, l.items)).map(t) } : {}),
    },
    ...(insufficient ? {
      missingAnchors: pack.missingness.missingAnchors.slice(0, Math.max(1, l.items)).map((m) => `${m.anchorType}: ${t(m.whyRequired)}`),
      escalationPlan: (o.escalationPlan ?? []).slice(0, Math.max(1, l.items)).map((s) => ({
        verb: s.verb, args: { need: cut(s.args.need, Math.max(80, l.text * 2)), type: s.args.type, requestedEvidence: s.args.requestedEvidence.slice(0, l.items).map((e) => ({ type: t(e.type), detail: t(e.detail) })) },
      })),
      blockedCommands: (o.blockedCommands ?? []).slice(0, Math.max(1, l.items)).map((b) => ({ verb: b.verb, reason: t(b.reason) })),
    } : {}),
    ...(pack.attachments && pack.attachments.length > 0 && l.items > 0
      ? { attachments: pack.attachments.slice(0, l.items).map((a) => `${t(a.artifactId)} ${a.type} ${a.status}${a.caption ? `: ${t(a.caption)}` : ''}`) } : {}),
  };
}

/**
 * The pack as an `initialize_work` / `escalate` answer carries it, within `maxTokens` × 4 characters of
 * JSON: ranked `path:start-end` citations, snippets of the top few files, the strategy, proof chains as
 * hop strings, policy and memory rules, failing gates, for an insufficient pack the missing anchors and
 * the escalation plan, and `more` (the resource holding the full pack, with what was left out). It
 * degrades deterministically: fewer snippets, shorter snippet text, fewer reasons, then fewer files.
 */
export function summarizePack(pack: ContextPack, options: SummaryOptions): PackSummary {
  const budget = Math.max(500, options.maxTokens ?? DEFAULT_PACK_RESPONSE_TOKENS) * CHARS_PER_TOKEN;
  const index = citationIndex(pack);
  const total = pack.evidence.files.length;
  for (const l of FILE_LEVELS) {
    const s = build(pack, options, index, l, total);
    if (chars(s) <= budget) return s;
  }
  // Every file does not fit even bare: keep the longest ranked prefix, at the first level where any file fits.
  for (const l of [FILE_LEVELS[FILE_LEVELS.length - 1] as Level, ...BARE_LEVELS]) {
    if (chars(build(pack, options, index, l, 0)) > budget) continue;
    let lo = 0;
    let hi = total;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (chars(build(pack, options, index, l, mid)) <= budget) lo = mid;
      else hi = mid - 1;
    }
    return build(pack, options, index, l, lo);
  }
  return build(pack, options, index, BARE_LEVELS[BARE_LEVELS.length - 1] as Level, 0);
}
