import { z } from 'zod';
import { SAFE_ID } from '../config/index.js';
import { AppError } from '../errors/index.js';
import type { RunOptions } from '../graph/index.js';
import { readTextCapped, resolveExisting } from '../paths/index.js';
import type { PlanService } from '../plan/plan-service.js';
import { planGraph } from '../plan/schema/plan-graph.schema.js';
import { sha256Hex } from '../retrieval/pack/canonical-json.js';
import type { WorkStore } from '../session/index.js';

/**
 * graphgate's MCP resources: what initialize_work and escalate no longer inline (the PlanGraph JSON
 * Schema, the work's schema document, the whole stored pack), readable by `resources/read` and by the
 * `read_resource` verb. Only three URI shapes exist; everything else is refused, and the only file
 * ever read is the pack file the graph recorded, under `.ai/tmp/work/<workId>/`.
 */
export const PLAN_SCHEMA_URI = 'graphgate://schema/plan-graph';
export const workSchemaUri = (workId: string): string => `graphgate://work/${workId}/plan-schema`;
export const packPageUri = (workId: string, page: number): string => `graphgate://work/${workId}/pack?page=${page}`;

/** Characters of the pack file per page (~6,000 tokens): below every client's default result limit. */
export const PACK_PAGE_CHARS = 24_000;
const MAX_PACK_BYTES = 16 * 1024 * 1024;
const MAX_URI = 512;

export const RESOURCES = [{
  uri: PLAN_SCHEMA_URI,
  name: 'plan-graph-schema',
  title: 'PlanGraph JSON Schema',
  description: 'The JSON Schema (draft 2020-12) every submit_execution_plan planGraph is parsed with.',
  mimeType: 'application/schema+json',
}];

export const RESOURCE_TEMPLATES = [{
  uriTemplate: 'graphgate://work/{workId}/plan-schema',
  name: 'work-plan-schema',
  title: "A work's planGraphSchema",
  description: "The work's full planGraphSchema: JSON Schema with its evidence minima, validators, required fields, obligations, citable ids and envelope values.",
  mimeType: 'application/json',
}, {
  uriTemplate: 'graphgate://work/{workId}/pack{?page}',
  name: 'work-context-pack',
  title: "A work's full context pack",
  description: `The work's current context pack file, in pages of ${PACK_PAGE_CHARS} characters; each page names the next page's URI.`,
  mimeType: 'text/plain',
}];

/** What one read returns (one MCP text content, or the read_resource result). */
export interface ResourceText {
  uri: string;
  mimeType: string;
  text: string;
  /** Pack pages only. */
  page?: number;
  pages?: number;
  nextUri?: string | null;
  hash?: string;
}

/** What a read needs from the process: the repository root and the repository's stores. */
export interface ResourceDeps {
  repoRoot: string;
  sessions: WorkStore;
  plans: PlanService;
}

type Target = { kind: 'schema' } | { kind: 'work-schema'; workId: string } | { kind: 'pack'; workId: string; page: number };

const invalid = (uri: string, why: string) => new AppError('INVALID_ARGS', {
  message: `Unknown resource URI: ${why}. Readable: ${PLAN_SCHEMA_URI}, graphgate://work/<workId>/plan-schema, graphgate://work/<workId>/pack?page=<n>.`,
  details: { uri: uri.slice(0, 200), problems: [{ path: 'uri', message: why }] },
});

/** Parses one of the three URI shapes; anything else (other schemes, `..`, encodings, extra parts) is refused. */
export function parseResourceUri(uri: string, pageArg?: number): Target {
  if (uri.length > MAX_URI) throw invalid(uri, `longer than ${MAX_URI} characters`);
  if (uri === PLAN_SCHEMA_URI) return { kind: 'schema' };
  const m = /^graphgate:\/\/work\/([^/?#]+)\/(plan-schema|pack)(?:\?page=([^&#]*))?$/.exec(uri);
  if (!m) throw invalid(uri, 'not a graphgate:// resource URI');
  const [, workId = '', what, pageText] = m;
  if (!SAFE_ID.test(workId)) throw invalid(uri, 'the workId must be letters, digits, "_" or "-"');
  if (what === 'plan-schema') {
    if (pageText !== undefined) throw invalid(uri, 'the plan schema has no pages');
    return { kind: 'work-schema', workId };
  }
  if (pageText !== undefined && !/^[1-9]\d{0,5}$/.test(pageText)) throw invalid(uri, 'page must be a whole number from 1');
  return { kind: 'pack', workId, page: pageArg ?? (pageText === undefined ? 1 : Number(pageText)) };
}

let bare: { text: string; hash: string } | undefined;

/** The PlanGraph JSON Schema (the input side of the zod schema the validator parses with), serialized once. */
export function planGraphSchemaResource(): { text: string; hash: string } {
  if (!bare) {
    const text = JSON.stringify(z.toJSONSchema(planGraph, { target: 'draft-2020-12', io: 'input' }));
    bare = { text, hash: `sha256:${sha256Hex(text)}` };
  }
  return bare;
}

async function loadWork(deps: ResourceDeps, uri: string, workId: string, run?: RunOptions) {
  const loaded = await deps.sessions.load(workId, null, run);
  if (!loaded) throw new AppError('NOT_FOUND', { message: `No work ${workId} exists in this repository.`, details: { uri } });
  return loaded;
}

/** The page of the pack file, checked against the hash the graph recorded; never a file outside the work's folder. */
async function packPage(deps: ResourceDeps, uri: string, workId: string, page: number, run?: RunOptions): Promise<ResourceText> {
  const { pack } = await loadWork(deps, uri, workId, run);
  if (!pack) throw new AppError('NOT_FOUND', { message: `Work ${workId} has no context pack.`, details: { uri } });
  const folder = `.ai/tmp/work/${workId}/`;
  const unreadable = (why: string) => new AppError('NOT_FOUND', { message: `The pack file of work ${workId} ${why}.`, details: { uri, ref: pack.ref } });
  if (!pack.ref.startsWith(folder)) throw unreadable('is not under its work folder');
  let resolved: Awaited<ReturnType<typeof resolveExisting>>;
  try {
    resolved = await resolveExisting(deps.repoRoot, pack.ref);
  } catch {
    throw unreadable('is missing');
  }
  // Symlinks resolved: the real file must still be inside the work's folder.
  if (!resolved.relative.startsWith(folder)) throw unreadable('is not under its work folder');
  let text: string;
  try {
    text = await readTextCapped(resolved, MAX_PACK_BYTES);
  } catch {
    throw unreadable('is unreadable');
  }
  if (`sha256:${sha256Hex(text)}` !== pack.hash) throw unreadable('does not match its recorded SHA-256');
  const pages = Math.max(1, Math.ceil(text.length / PACK_PAGE_CHARS));
  if (page > pages) {
    throw new AppError('INVALID_ARGS', { message: `The pack has ${pages} page(s); page ${page} does not exist.`, details: { uri, pages, problems: [{ path: 'page', message: `at most ${pages}` }] } });
  }
  const start = (page - 1) * PACK_PAGE_CHARS;
  const end = Math.min(text.length, start + PACK_PAGE_CHARS);
  const nextUri = page < pages ? packPageUri(workId, page + 1) : null;
  // One header line, so a model that reads only the text knows where it is and what to read next.
  const header = `[graphgate pack ${pack.hash} page ${page}/${pages}, characters ${start}-${end} of ${text.length}; ${nextUri ? `next: ${nextUri}` : 'last page'}]\n`;
  return { uri: packPageUri(workId, page), mimeType: 'text/plain', text: header + text.slice(start, end), page, pages, nextUri, hash: pack.hash };
}

/** Reads a graphgate resource. Throws AppError INVALID_ARGS (bad URI, page) or NOT_FOUND (no such work or pack). */
export async function readResource(deps: ResourceDeps, uri: string, options: { page?: number; run?: RunOptions } = {}): Promise<ResourceText> {
  const target = parseResourceUri(uri, options.page);
  if (target.kind === 'schema') {
    const { text, hash } = planGraphSchemaResource();
    return { uri: PLAN_SCHEMA_URI, mimeType: 'application/schema+json', text, hash };
  }
  if (target.kind === 'pack') return packPage(deps, uri, target.workId, target.page, options.run);
  await loadWork(deps, uri, target.workId, options.run);
  const doc = await deps.plans.schemaFor(target.workId, options.run);
  return { uri: workSchemaUri(target.workId), mimeType: 'application/json', text: JSON.stringify(doc) };
}
