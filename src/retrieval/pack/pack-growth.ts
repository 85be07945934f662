import { compareText } from '../shared/stable-order.js';
import { normalizePack, type ContextPack } from './pack-contract.schema.js';

/** What an escalation added to a pack (the response of `escalate` is this delta). */
export interface PackDelta {
  addedFiles: string[];
  addedSymbols: string[];
  addedAnchors: string[];
  addedPolicies: string[];
  addedMemories: string[];
  addedExamples: string[];
  /** Proof chains whose status improved (e.g. partial → complete), as `chainType: from → to`. */
  improvedChains: string[];
  strategyChanged: boolean;
}

const CHAIN_RANK = { ambiguous: 0, partial: 1, origin_unknown: 2, complete: 3 } as const;

/** Union by key: every previous item stays; an item present in both takes the newer version. */
function union<T>(prev: readonly T[], next: readonly T[], key: (t: T) => string): { items: T[]; added: string[] } {
  const byKey = new Map(prev.map((t) => [key(t), t]));
  const added: string[] = [];
  for (const t of next) {
    const k = key(t);
    if (!byKey.has(k)) added.push(k);
    byKey.set(k, t);
  }
  return { items: [...byKey.values()], added: added.sort(compareText) };
}

/**
 * Grows a pack monotonically for `escalate` (001 §5): the result keeps every file, symbol, snippet,
 * anchor, policy, example and memory of `prev` and adds those of `next` (newer versions win for the
 * same key); a proof chain is replaced only by a better one. Header, strategy, validation plan and
 * missingness come from `next` (gaps may close), `cut` drops files that are now in the pack, and the
 * version is `prev.version + 1`, superseding `prev`. Pure; returns the pack and the delta.
 */
export function growPack(prev: ContextPack, next: ContextPack): { pack: ContextPack; delta: PackDelta } {
  const files = union(prev.evidence.files, next.evidence.files, (f) => f.path);
  const symbols = union(prev.evidence.symbols, next.evidence.symbols, (s) => s.id);
  const snippets = union(prev.evidence.snippets, next.evidence.snippets, (s) => s.ref);
  const entrypoints = union(prev.anchors.entrypoints, next.anchors.entrypoints, (a) => a.id);
  const definitions = union(prev.anchors.definitions, next.anchors.definitions, (a) => a.id);
  const policies = union(prev.policies, next.policies, (p) => p.id);
  const examples = union(prev.recipes.examples, next.recipes.examples, (e) => e.id);
  const recipes = union(prev.recipes.recipes, next.recipes.recipes, (r) => r.id);
  const memories = union(prev.memories.records, next.memories.records, (m) => m.id);
  const attachments = union(prev.attachments ?? [], next.attachments ?? [], (a) => a.artifactId);

  const improvedChains: string[] = [];
  const chains = new Map(prev.anchors.proofChains.map((c) => [c.chainType, c]));
  for (const c of next.anchors.proofChains) {
    const old = chains.get(c.chainType);
    if (!old || CHAIN_RANK[c.status] > CHAIN_RANK[old.status]) {
      if (old) improvedChains.push(`${c.chainType}: ${old.status} → ${c.status}`);
      chains.set(c.chainType, c);
    }
  }
  const included = new Set(files.items.map((f) => f.path));
  const pack: ContextPack = {
    ...next,
    header: { ...next.header, version: prev.header.version + 1, supersedes: prev.header.contextPackId },
    policies: policies.items,
    recipes: { recipes: recipes.items, examples: examples.items },
    anchors: { entrypoints: entrypoints.items, definitions: definitions.items, proofChains: [...chains.values()] },
    evidence: { files: files.items, symbols: symbols.items, snippets: snippets.items },
    missingness: { ...next.missingness, cut: next.missingness.cut.filter((c) => !included.has(c.path)) },
    memories: {
      anchorsQueried: [...new Set([...prev.memories.anchorsQueried, ...next.memories.anchorsQueried])],
      records: memories.items,
    },
    ...(attachments.items.length > 0 ? { attachments: attachments.items } : {}),
  };
  return {
    pack: normalizePack(pack),
    delta: {
      addedFiles: files.added, addedSymbols: symbols.added, addedAnchors: [...entrypoints.added, ...definitions.added].sort(compareText),
      addedPolicies: policies.added, addedMemories: memories.added, addedExamples: examples.added, improvedChains: improvedChains.sort(compareText),
      strategyChanged: prev.strategy.strategyId !== next.strategy.strategyId,
    },
  };
}
