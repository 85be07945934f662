import { createHash } from 'node:crypto';
import { AppError } from '../errors/index.js';
import { overlayParams, type FactOverlay } from '../execution/overlay/fact-overlay.js';
import { int, type Graph, type RunOptions } from '../graph/index.js';
import { requireRepoPath, writeFileNoFollow } from '../paths/index.js';
import { mintId, type PackRow } from '../session/index.js';
import {
  createPackQuery, findFiles, findSymbolInPack, listPackFiles, listPackSymbols, recordPackQuery, traceNeighbours,
  type NeighbourRow, type SymbolDefinition,
} from './pack.queries.js';
import { packFileRecords, proofChainsJson, type EvidenceFileInput, type ProofChainInput } from './pack-record.js';

/** Relationship types trace_symbol_graph may follow (an allowlist; never taken from input). */
export const TRACE_REL_TYPES = [
  'DEFINES', 'HAS_MEMBER', 'IMPORTS', 'TEMPLATES', 'STYLES', 'DECLARES', 'INJECTS', 'ROUTES_TO', 'LOADS_CHILDREN',
  'CHILD_OF', 'GUARDED_BY', 'RESOLVES', 'USES_SELECTOR', 'HAS_USAGE', 'HAS_COLUMN', 'USES_RENDERER', 'TRIGGERS_NAV',
  'TARGETS', 'LOADS_REMOTE', 'EXPOSES', 'CALLS_ENDPOINT', 'COVERS', 'RENDERS_GRID',
] as const;

/** What a pack is, as the envelope and the verbs see it (the row the session layer reads). */
export type PackSummary = PackRow;

export interface CreatePackInput {
  workId: string;
  /** Repo-relative paths; each must exist as a File fact of the repo (others are reported missing). */
  files: string[];
  /** Symbol fact ids; when omitted, every symbol the files define (capped). */
  symbolIds?: string[];
  /** Extra, caller-defined facts recorded in the pack file (e.g. how files were selected). */
  notes?: Record<string, unknown>;
}

/** An assembled pack version to record (the bytes are written as they are: their hash is `hash`). */
export interface RecordPackInput {
  workId: string;
  packId: string;
  version: number;
  /** The previous version this one supersedes (null for the first); must be the work's current pack. */
  supersedes: string | null;
  text: string;
  hash: string;
  repoSnapshotId: string;
  outcome: string;
  strategyId: string;
  files: string[];
  symbolIds: string[];
  /** The memories in force in the pack (packMemoriesInForce): what `graphgate memory promote` counts as validated with an accepted plan. */
  memoryIds?: string[];
  /** The ranked evidence (`pack.evidence.files`, best first): its rank, score, lanes and reasons go on each file's INCLUDES edge. */
  evidence?: readonly EvidenceFileInput[];
  /** The pack's proof chains (`pack.anchors.proofChains`), kept bounded on the ContextPack node for readers. */
  proofChains?: readonly ProofChainInput[];
}

/** The file name of a pack version: `context-pack.json` for the first, `context-pack.v<N>.json` after (all write-once). */
export function packFileName(version: number): string {
  return version <= 1 ? 'context-pack.json' : `context-pack.v${version}.json`;
}

export interface CreatedPack extends PackSummary {
  files: string[];
  missing: string[];
  symbols: Array<{ id: string; name: string; kind: string | null; path: string }>;
}

/**
 * The context-pack service: writes the pack file (with its SHA-256) under the work's folder and the
 * ContextPack node INCLUDES its File and Symbol facts; answers pack-scoped lookups. Retrieval (a
 * later issue) decides *what* goes in a pack; this store only records and scopes it.
 */
export class PackStore {
  private readonly fileCache = new Map<string, string[]>();

  constructor(private readonly options: { graph: Graph; repoId: string; repoRoot: string }) {}

  async create(input: CreatePackInput, run?: RunOptions): Promise<CreatedPack> {
    const { graph, repoId, repoRoot } = this.options;
    const paths = [...new Set(input.files.map((f) => requireRepoPath(f)))].sort();
    const found = await graph.read(findFiles, { repoId, paths }, run);
    const present = found.map((f) => f.path);
    const symbols = input.symbolIds
      ? (await graph.read(listPackSymbols, { repoId, paths: present, limit: int(5000) }, run)).filter((s) => input.symbolIds?.includes(s.id))
      : await graph.read(listPackSymbols, { repoId, paths: present, limit: int(2000) }, run);
    const packId = mintId('pack');
    const body = {
      schemaVersion: '2.0.0',
      packId,
      workId: input.workId,
      repoId,
      createdAt: new Date().toISOString(),
      files: found.map((f) => ({ path: f.path, sha256: f.sha256, size: f.size })),
      symbols,
      ...(input.notes ? { notes: input.notes } : {}),
    };
    const text = `${JSON.stringify(body, null, 2)}\n`;
    const hash = `sha256:${createHash('sha256').update(text).digest('hex')}`;
    const written = await writeFileNoFollow(repoRoot, ['.ai', 'tmp', 'work', input.workId], 'context-pack.json', text);
    const [row] = await graph.write(createPackQuery, {
      packId, repoId, workId: input.workId, ref: written.relative, hash, paths: present, symbolIds: symbols.map((s) => s.id),
    }, run);
    if (!row) throw new AppError('NOT_FOUND', { message: `No work ${input.workId} in this repository.`, details: { workId: input.workId } });
    const missing = paths.filter((p) => !present.includes(p));
    return { id: packId, ref: written.relative, hash, fileCount: row.fileCount, symbolCount: row.symbolCount, files: present, missing, symbols };
  }

  /**
   * Records an assembled pack version: writes its bytes once (never over an existing file, so older
   * versions stay on disk for audit), then the ContextPack node INCLUDES its files and symbols,
   * SUPERSEDES the previous version and becomes the work's current pack. A concurrent writer that
   * got there first makes this a retryable VERSION_CONFLICT.
   */
  async record(input: RecordPackInput, run?: RunOptions): Promise<PackSummary> {
    const { graph, repoId, repoRoot } = this.options;
    const conflict = (cause?: unknown) => new AppError('VERSION_CONFLICT', {
      message: `Pack version ${input.version} of work ${input.workId} was already written by another call; reload the work and retry.`,
      details: { workId: input.workId, version: input.version }, ...(cause ? { cause } : {}),
    });
    const written = await writeFileNoFollow(repoRoot, ['.ai', 'tmp', 'work', input.workId], packFileName(input.version), input.text, { exclusive: true })
      .catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'EEXIST' ? conflict(error) : error;
      });
    const [row] = await graph.write(recordPackQuery, {
      packId: input.packId, repoId, workId: input.workId, ref: written.relative, hash: input.hash, version: int(input.version),
      repoSnapshotId: input.repoSnapshotId, outcome: input.outcome, strategyId: input.strategyId, supersedes: input.supersedes,
      files: packFileRecords(input.files, input.evidence).map((f) => ({ ...f, rank: f.rank === null ? null : int(f.rank) })),
      symbolIds: [...new Set(input.symbolIds)].sort(), memoryIds: [...new Set(input.memoryIds ?? [])].sort(), proofChainsJson: proofChainsJson(input.proofChains),
    }, run);
    if (!row) throw new AppError('NOT_FOUND', { message: `No work ${input.workId} in this repository.`, details: { workId: input.workId } });
    if (!row.applied) throw conflict();
    return {
      id: input.packId, ref: written.relative, hash: input.hash, fileCount: row.fileCount ?? 0, symbolCount: row.symbolCount ?? 0,
      strategyId: input.strategyId, version: input.version, outcome: input.outcome,
    };
  }

  /** The pack's file paths (cached per pack id and hash: a pack's content never changes in place). */
  async files(pack: { id: string; hash: string }, run?: RunOptions): Promise<string[]> {
    const key = `${pack.id}@${pack.hash}`;
    const cached = this.fileCache.get(key);
    if (cached) return cached;
    const rows = await this.options.graph.read(listPackFiles, { packId: pack.id, repoId: this.options.repoId }, run);
    const paths = rows.map((r) => r.path);
    if (this.fileCache.size > 256) this.fileCache.clear();
    this.fileCache.set(key, paths);
    return paths;
  }

  /** Definitions of a name in the pack's files; with the work's overlay, the files it changed are read from it. */
  async findSymbol(packId: string, name: string, kind: string | null, limit: number, run?: RunOptions, overlay?: FactOverlay | null): Promise<SymbolDefinition[]> {
    return this.options.graph.read(findSymbolInPack, { packId, repoId: this.options.repoId, ...overlayParams(overlay), lookup: { name, kind }, limit: int(limit) }, run);
  }

  /**
   * One-hop neighbours inside the pack; the pack's files come from the per-process cache, so the query starts at an index seek.
   * With the work's overlay, the files it changed are read from it.
   */
  async neighbours(pack: { id: string; hash: string }, start: { symbol: string | null; path: string | null }, limit: number, run?: RunOptions, overlay?: FactOverlay | null): Promise<NeighbourRow[]> {
    const paths = await this.files(pack, run);
    return this.options.graph.read(traceNeighbours, {
      repoId: this.options.repoId, ...overlayParams(overlay), from: { symbol: start.symbol, path: start.path }, files: { paths }, relTypes: [...TRACE_REL_TYPES], limit: int(limit),
    }, run);
  }
}
