import type { ContextPack, GateResult } from './pack-contract.schema.js';

/** About 25k tokens of JSON: the tool-result size MCP clients accept. */
export const DEFAULT_SUMMARY_MAX_BYTES = 100_000;

export interface SummaryOptions {
  /** Where the full pack is (the pack file path), repeated in the truncation marker. */
  ref: string;
  hash: string;
  maxBytes?: number;
  gates?: readonly GateResult[];
}

/** What the summariser left out, and where to read the rest. */
export interface TruncationMarker {
  truncated: true;
  maxBytes: number;
  omitted: { files: number; reasons: number; hops: number; snippets: number };
  level: number;
  see: string;
}

/** The pack as an `initialize_work`/`escalate` response carries it: small, ranked, explained. */
export type PackSummary = ReturnType<typeof fullSummary> & { truncation?: TruncationMarker };

const cut = (s: string, n: number): string => (s.length > n ? `${s.slice(0, Math.max(0, n - 1))}…` : s);
const bytes = (v: unknown): number => Buffer.byteLength(JSON.stringify(v), 'utf8');

/** Caps per truncation level: reasons per file, hops per chain, string length, evidence snippets and their text (level 0 = untouched). */
interface Level {
  reasons: number;
  hops: number;
  text: number;
  guidance: number;
  snippets: number;
  snippetText: number;
}
const LEVELS: readonly Level[] = [
  { reasons: 4, hops: 64, text: 500, guidance: 20, snippets: 12, snippetText: 1_200 },
  { reasons: 2, hops: 24, text: 300, guidance: 10, snippets: 8, snippetText: 600 },
  { reasons: 1, hops: 12, text: 160, guidance: 5, snippets: 4, snippetText: 300 },
  { reasons: 0, hops: 6, text: 80, guidance: 2, snippets: 0, snippetText: 0 },
];

function fullSummary(pack: ContextPack, o: SummaryOptions, l: Level, fileCount: number) {
  const t = (s: string): string => cut(s, l.text);
  const anchor = (a: ContextPack['anchors']['entrypoints'][number]) => ({ id: t(a.id), kind: a.kind, ...(a.name ? { name: t(a.name) } : {}), path: t(a.path), ...(a.line !== undefined ? { line: a.line } : {}), score: a.score });
  return {
    ref: cut(o.ref, 1000),
    hash: cut(o.hash, 200),
    outcome: pack.outcome,
    header: { workId: t(pack.header.workId), contextPackId: t(pack.header.contextPackId), version: pack.header.version, repoSnapshotId: t(pack.header.repoSnapshotId) },
    strategy: {
      strategyId: pack.strategy.strategyId,
      approach: t(pack.strategy.approach),
      reasons: pack.strategy.reasons.slice(0, l.guidance).map(t),
      escalationGuidance: pack.strategy.escalationGuidance.slice(0, l.guidance).map(t),
      suggestedSplits: pack.strategy.suggestedSplits.slice(0, l.guidance).map(t),
      requiredProofChains: pack.strategy.requiredProofChains,
      signature: pack.strategy.signature,
    },
    files: pack.evidence.files.slice(0, fileCount).map((f) => ({ path: t(f.path), score: f.score, reasons: f.reasons.slice(0, l.reasons).map(t) })),
    anchors: { entrypoints: pack.anchors.entrypoints.slice(0, 20).map(anchor), definitions: pack.anchors.definitions.slice(0, 20).map(anchor) },
    // The code of the best-ranked files first, so the agent can start without a read.
    snippets: snippetsByFileRank(pack).slice(0, l.snippets).map((s) => ({
      ref: t(s.ref), reason: t(s.reason), ...(s.text && l.snippetText > 0 ? { text: cut(s.text, l.snippetText) } : {}),
    })),
    chains: pack.anchors.proofChains.slice(0, 10).map((c) => ({
      chainType: c.chainType,
      status: c.status,
      hops: c.hops.slice(0, l.hops).map((h) => ({ label: t(h.label), ...(h.name ? { name: t(h.name) } : {}), ...(h.path ? { path: t(h.path) } : {}), ...(h.line !== undefined ? { line: h.line } : {}) })),
      missing: c.missing.slice(0, l.guidance).map((m) => ({ hop: t(m.hop), reason: t(m.reason) })),
    })),
    policies: pack.policies.slice(0, 50).map((p) => ({ id: t(p.id), severity: p.severity, rule: t(p.rule) })),
    memories: pack.memories.records.slice(0, 50).map((m) => ({ id: t(m.id), enforcementType: m.enforcementType, summary: t(m.summary) })),
    missingness: {
      missingAnchors: pack.missingness.missingAnchors.slice(0, 10).map((m) => ({ anchorType: m.anchorType, whyRequired: t(m.whyRequired) })),
      recommendedDeltas: pack.missingness.recommendedDeltas.slice(0, l.guidance).map((d) => ({ type: d.type, detail: t(d.detail) })),
    },
    gates: (o.gates ?? pack.gates ?? []).map((g) => ({ gate: g.gate, pass: g.pass })),
    counts: {
      files: pack.evidence.files.length, symbols: pack.evidence.symbols.length, snippets: pack.evidence.snippets.length,
      policies: pack.policies.length, memories: pack.memories.records.length, cut: pack.missingness.cut.length,
    },
  };
}

/** Evidence snippets ordered by the rank of their file (the pack keeps them in path order), then line. */
function snippetsByFileRank(pack: ContextPack): ContextPack['evidence']['snippets'] {
  const rank = new Map(pack.evidence.files.map((f, i) => [f.path, i]));
  const at = (path: string): number => rank.get(path) ?? Number.MAX_SAFE_INTEGER;
  return [...pack.evidence.snippets].sort((a, b) => at(a.path) - at(b.path) || a.startLine - b.startLine || (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
}

function omitted(pack: ContextPack, l: Level, fileCount: number): TruncationMarker['omitted'] {
  const kept = pack.evidence.files.slice(0, fileCount);
  return {
    files: pack.evidence.files.length - kept.length,
    reasons: kept.reduce((n, f) => n + Math.max(0, f.reasons.length - l.reasons), 0),
    hops: pack.anchors.proofChains.slice(0, 10).reduce((n, c) => n + Math.max(0, c.hops.length - l.hops), 0),
    snippets: pack.evidence.snippets.length - Math.min(pack.evidence.snippets.length, l.snippets),
  };
}

/**
 * Summarises a pack for an MCP response under `maxBytes` of JSON (default ≈ 25k tokens): strategy,
 * ranked files with scores and reasons, anchors, proof chains, policies, memories, gaps and gate
 * results. When the full summary is too big it degrades deterministically (fewer reasons and hops,
 * shorter strings, then the lowest-ranked files) and adds a `truncation` marker pointing at the pack
 * file. The result's JSON never exceeds `maxBytes` (a floor of 2 KB applies).
 */
export function summarizePack(pack: ContextPack, options: SummaryOptions): PackSummary {
  const maxBytes = Math.max(2048, options.maxBytes ?? DEFAULT_SUMMARY_MAX_BYTES);
  const total = pack.evidence.files.length;
  const base = fullSummary(pack, options, LEVELS[0] as Level, total);
  if (bytes(base) <= maxBytes) return base;
  let best: PackSummary | null = null;
  let bestFiles = -1;
  for (let level = 0; level < LEVELS.length; level++) {
    const l = LEVELS[level] as Level;
    const build = (n: number): PackSummary => ({
      ...fullSummary(pack, options, l, n),
      truncation: { truncated: true, maxBytes, omitted: omitted(pack, l, n), level, see: `read the full pack at ${cut(options.ref, 1000)}` },
    });
    if (bytes(build(0)) > maxBytes) continue;
    let lo = 0;
    let hi = total;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (bytes(build(mid)) <= maxBytes) lo = mid;
      else hi = mid - 1;
    }
    // More files beat more detail per file: a lighter level wins only if it keeps more files.
    if (lo > bestFiles) {
      best = build(lo);
      bestFiles = lo;
    }
    if (lo === total) break;
  }
  return best ?? minimalSummary(pack, options, maxBytes);
}

function minimalSummary(pack: ContextPack, o: SummaryOptions, maxBytes: number): PackSummary {
  const l = LEVELS[LEVELS.length - 1] as Level;
  const s = fullSummary(pack, o, { ...l, guidance: 0, hops: 0, text: 40, snippets: 0, snippetText: 0 }, 0);
  return {
    ...s,
    ref: cut(o.ref, 300),
    hash: cut(o.hash, 100),
    anchors: { entrypoints: [], definitions: [] },
    chains: [],
    policies: [],
    memories: [],
    missingness: { missingAnchors: [], recommendedDeltas: [] },
    truncation: { truncated: true, maxBytes, omitted: omitted(pack, { ...l, reasons: 0, hops: 0 }, 0), level: LEVELS.length, see: 'read the full pack at ref' },
  };
}
