import { z } from 'zod';

/**
 * What a recorded pack version keeps in the graph for its readers (the observer console's work view,
 * Neo4j Browser): each file's rank, score, lanes and reasons on its `INCLUDES` edge, and the pack's
 * proof chains as JSON on the ContextPack node. The pack file on disk stays the complete record; these
 * are bounded copies, so a reader never needs the checkout and never gets a large answer.
 */
export const STORED_REASONS_PER_FILE = 4;
export const STORED_TEXT_CHARS = 300;
export const STORED_CHAINS = 12;
export const STORED_HOPS = 16;
export const STORED_CANDIDATES = 8;

/** An evidence file of an assembled pack (the part of `pack.evidence.files` kept here). */
export interface EvidenceFileInput {
  path: string;
  score: number;
  reasons: readonly string[];
  lanes: readonly string[];
}

/** One `INCLUDES` edge's properties: rank (1 = best) and score are null for files outside the ranked evidence. */
export interface PackFileRecord {
  path: string;
  rank: number | null;
  score: number | null;
  reasons: string[];
  lanes: string[];
}

const cut = (text: string, max = STORED_TEXT_CHARS): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The edges' rows for `paths` (each once), with the evidence's rank, score, lanes and first reasons. */
export function packFileRecords(paths: readonly string[], evidence: readonly EvidenceFileInput[] = []): PackFileRecord[] {
  const ranked = new Map<string, { rank: number; file: EvidenceFileInput }>();
  evidence.forEach((file, i) => {
    if (!ranked.has(file.path)) ranked.set(file.path, { rank: i + 1, file });
  });
  return [...new Set(paths)].sort().map((path) => {
    const hit = ranked.get(path);
    return {
      path,
      rank: hit ? hit.rank : null,
      score: hit ? Math.round(hit.file.score * 1e6) / 1e6 : null,
      reasons: hit ? hit.file.reasons.slice(0, STORED_REASONS_PER_FILE).map((r) => cut(r)) : [],
      lanes: hit ? hit.file.lanes.slice(0, 12).map((l) => cut(l, 40)) : [],
    };
  });
}

const hopSchema = z.object({
  label: z.string().max(100),
  id: z.string().max(1000).nullable(),
  name: z.string().max(500).optional(),
  path: z.string().max(1000).optional(),
  line: z.number().int().min(0).optional(),
});

/** A proof chain as stored on the ContextPack (`proofChainsJson`): the pack's chain, its hops bounded. */
export const storedProofChainSchema = z.object({
  chainType: z.string().max(60),
  status: z.string().max(40),
  hops: z.array(hopSchema).max(STORED_HOPS),
  hopsOmitted: z.number().int().min(0),
  missing: z.array(z.object({ hop: z.string().max(100), reason: z.string().max(STORED_TEXT_CHARS) })).max(4),
  candidates: z.array(hopSchema).max(STORED_CANDIDATES),
});
export type StoredProofChain = z.infer<typeof storedProofChainSchema>;

type HopInput = { label: string; id: string | null; name?: string | undefined; path?: string | undefined; line?: number | undefined };

/** A pack's proof chain (`anchors.proofChains`), as the pack contract holds it. */
export interface ProofChainInput {
  chainType: string;
  status: string;
  hops: readonly HopInput[];
  missing: ReadonlyArray<{ hop: string; reason: string }>;
  candidates?: readonly HopInput[] | undefined;
}

function storedHop(hop: HopInput): z.infer<typeof hopSchema> {
  return {
    label: cut(hop.label, 100), id: hop.id === null ? null : cut(hop.id, 1000),
    ...(hop.name !== undefined ? { name: cut(hop.name) } : {}),
    ...(hop.path !== undefined ? { path: cut(hop.path, 1000) } : {}),
    ...(hop.line !== undefined ? { line: hop.line } : {}),
  };
}

/** The pack's proof chains, bounded (chains, hops, candidates, text), as the JSON stored on its node; null when it has none. */
export function proofChainsJson(chains: readonly ProofChainInput[] = []): string | null {
  if (chains.length === 0) return null;
  const stored: StoredProofChain[] = chains.slice(0, STORED_CHAINS).map((chain) => ({
    chainType: cut(chain.chainType, 60),
    status: cut(chain.status, 40),
    hops: chain.hops.slice(0, STORED_HOPS).map(storedHop),
    hopsOmitted: Math.max(0, chain.hops.length - STORED_HOPS),
    missing: chain.missing.slice(0, 4).map((m) => ({ hop: cut(m.hop, 100), reason: cut(m.reason) })),
    candidates: (chain.candidates ?? []).slice(0, STORED_CANDIDATES).map(storedHop),
  }));
  return JSON.stringify(stored);
}

/** Reads `proofChainsJson` back; text that is not a list of stored chains gives none (it is shown, never trusted). */
export function parseStoredProofChains(json: string | null | undefined): StoredProofChain[] {
  if (!json) return [];
  try {
    const parsed = z.array(storedProofChainSchema).max(STORED_CHAINS).safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
