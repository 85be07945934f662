import { z } from 'zod';
import { CONTRACT_SYMBOL } from '../signature/signature-cues.js';

/**
 * The retrieval lanes: the five of seed 002 (lexical = names, symbol, policy, artifact, memory), `closure`
 * (the bounded expansion from anchors), and the text lanes that find what prompts describe rather than
 * name: `content` (BM25 over file text), `fielded` (stemmed, fielded file text), `history` (past commit
 * messages → the files they changed) and `uitext` (translation values and template text → files).
 */
export const LANES = ['lexical', 'symbol', 'policy', 'artifact', 'memory', 'closure', 'content', 'fielded', 'history', 'uitext'] as const;
export type Lane = (typeof LANES)[number];

/** What a candidate row points at; drives the anchor-kind bonus and the entrypoint/definition roles. */
export const CANDIDATE_KINDS = [
  'file', 'symbol', 'component', 'service', 'module', 'directive', 'pipe', 'route', 'usage', 'grid_table', 'column_def',
  'cell_renderer', 'nav_trigger', 'endpoint', 'contract_component', 'remote_expose', 'test', 'config_flag', 'policy',
  'memory', 'artifact', 'example',
] as const;
export type CandidateKind = (typeof CANDIDATE_KINDS)[number];

/** One hit of one lane: the lanes produce these, the reranker fuses them per file. */
export const candidateSchema = z.object({
  /** Graph id of the hit (a File, Symbol, Route … node). */
  id: z.string().min(1).max(1000),
  kind: z.enum(CANDIDATE_KINDS),
  /** Repo-relative POSIX path of the file the hit lives in. */
  path: z.string().min(1).max(1000),
  lane: z.enum(LANES),
  /** The lane's own score (Lucene score, exact/prefix grade …); only comparable within a lane. */
  rawScore: z.number(),
  name: z.string().max(500).optional(),
  /** For symbols: class, interface, type, enum, function, const, method. */
  symbolKind: z.string().max(40).optional(),
  line: z.number().int().min(0).optional(),
  bytes: z.number().int().min(0).optional(),
  /** The DomainAnchor the file belongs to (folder-based); the parent folder is used when absent. */
  anchorId: z.string().max(1000).optional(),
  /** Incoming IMPORTS/INJECTS count, for the hub penalty. */
  inDegree: z.number().int().min(0).optional(),
  /** Lexeme norms this hit matched (as the lane saw them). */
  matched: z.array(z.string().max(512)).max(64).optional(),
  /** Lane-specific, human-readable reasons ("exact selector match sdf-table"). */
  reasons: z.array(z.string().max(500)).max(16).optional(),
  snapshotId: z.string().max(200).optional(),
});
export type Candidate = z.infer<typeof candidateSchema>;

export type AnchorRole = 'entrypoint' | 'definition';

const ENTRYPOINT_KINDS = new Set<CandidateKind>(['route', 'component', 'module', 'remote_expose']);
const DEFINITION_KINDS = new Set<CandidateKind>(['service', 'endpoint', 'contract_component']);
const DEFINITION_SYMBOL_KINDS = new Set(['interface', 'type', 'enum']);

/**
 * The anchor role a hit can play (002 §6.5): routes, components, modules and remote exposes are
 * entrypoints; services, endpoints, web-component contracts and DTO-like symbols (interfaces, types,
 * enums, or names ending in Dto/Model/Request/Response …) are definitions.
 */
export function anchorRole(c: Pick<Candidate, 'kind' | 'symbolKind' | 'name'>): AnchorRole | null {
  if (ENTRYPOINT_KINDS.has(c.kind)) return 'entrypoint';
  if (DEFINITION_KINDS.has(c.kind)) return 'definition';
  if (c.kind === 'symbol' && ((c.symbolKind && DEFINITION_SYMBOL_KINDS.has(c.symbolKind)) || (c.name && CONTRACT_SYMBOL.test(c.name)))) return 'definition';
  return null;
}
