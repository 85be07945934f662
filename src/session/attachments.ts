import { createHash } from 'node:crypto';
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Graph, RunOptions } from '../graph/index.js';
import { loadQuery } from '../graph/index.js';
import { resolveExisting, writeFileNoFollow } from '../paths/index.js';

const recordAttachments = loadQuery<{ repoId: string; workId: string; rows: Array<Record<string, unknown>> }, { recorded: number }>('session/record-attachments.cypher');

const MAX_BYTES = 5 * 1024 * 1024;
const MAX_INBOX = 20;

export type AttachmentType = 'screenshot' | 'document' | 'log' | 'other';

/** An attachment as the pack and the plan validator see it (`artifactId` is what `artifactRefs` cite). */
export interface StoredAttachment {
  artifactId: string;
  type: AttachmentType;
  source: 'inbox' | 'agent';
  ref: string;
  caption?: string;
  sha256?: string;
  bytes?: number;
  status: 'stored' | 'reference_only' | 'rejected';
  reason?: string;
}

const EXT_TYPE: ReadonlyArray<[RegExp, AttachmentType]> = [
  [/\.(png|jpe?g|gif|webp|bmp)$/i, 'screenshot'], [/\.(log|txt)$/i, 'log'], [/\.(md|pdf|docx?|json|ya?ml|html?|csv)$/i, 'document'],
];
const typeOf = (name: string): AttachmentType => EXT_TYPE.find(([re]) => re.test(name))?.[1] ?? 'other';
const safeName = (name: string): string => name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '').slice(0, 80) || 'file';
const sha = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/**
 * Side channel 2 of initialize_work (001 §12): files in `.ai/inbox/` and the agent's `attachments[]`
 * are stored under `.ai/tmp/work/{workId}/attachments/` and recorded as Attachment nodes of the Work.
 * Inline data (`inline:base64:…`) and repo files named by a repo-relative path are copied (5 MB cap,
 * no symlinks, never outside the repository, never from hidden folders such as `.ai/auth`); other refs (URLs, opaque ids) are kept as references.
 * A refused attachment is reported with its reason, never an error.
 */
export async function storeAttachments(input: {
  graph: Graph; repoId: string; root: string; workId: string;
  given: ReadonlyArray<{ type: AttachmentType; ref: string; caption?: string }>; run?: RunOptions;
}): Promise<StoredAttachment[]> {
  const out: StoredAttachment[] = [];
  const store = async (artifactId: string, fileName: string, data: Buffer): Promise<{ ref: string; sha256: string; bytes: number }> => {
    const written = await writeFileNoFollow(input.root, ['.ai', 'tmp', 'work', input.workId, 'attachments'], `${artifactId}-${safeName(fileName)}`, data);
    return { ref: `${written.relative}`, sha256: sha(data), bytes: data.length };
  };
  const inbox = join(input.root, '.ai', 'inbox');
  const info = await lstat(inbox).catch(() => undefined);
  const names = info?.isDirectory() && !info.isSymbolicLink() ? (await readdir(inbox)).sort().slice(0, MAX_INBOX) : [];
  for (const [i, name] of names.entries()) {
    const artifactId = `att-inbox-${String(i + 1).padStart(3, '0')}`;
    const file = await lstat(join(inbox, name));
    if (!file.isFile() || file.isSymbolicLink()) continue;
    if (file.size > MAX_BYTES) {
      out.push({ artifactId, type: typeOf(name), source: 'inbox', ref: `.ai/inbox/${name}`, status: 'rejected', reason: `larger than ${MAX_BYTES} bytes` });
      continue;
    }
    out.push({ artifactId, type: typeOf(name), source: 'inbox', caption: name.slice(0, 500), status: 'stored', ...(await store(artifactId, name, await readFile(join(inbox, name)))) });
  }
  for (const [i, a] of input.given.entries()) {
    const artifactId = `att-${String(i + 1).padStart(3, '0')}`;
    const base = { artifactId, type: a.type, source: 'agent' as const, ...(a.caption ? { caption: a.caption } : {}) };
    const inline = /^inline:base64:(.*)$/s.exec(a.ref);
    if (inline) {
      const data = Buffer.from(inline[1] ?? '', 'base64');
      if (data.length === 0 || data.length > MAX_BYTES) out.push({ ...base, ref: 'inline:base64', status: 'rejected', reason: data.length === 0 ? 'empty or not base64' : `larger than ${MAX_BYTES} bytes` });
      else out.push({ ...base, status: 'stored', ...(await store(artifactId, `${a.type}.bin`, data)) });
      continue;
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(a.ref)) {
      out.push({ ...base, ref: a.ref, status: 'reference_only', reason: 'an external reference; not fetched' });
      continue;
    }
    try {
      const resolved = await resolveExisting(input.root, a.ref);
      // Hidden folders (.ai/auth with tokens, .git, .env …) are never copied into a work.
      if (resolved.relative.split('/').some((segment) => segment.startsWith('.'))) throw new Error('hidden files and folders are not attached');
      const file = await lstat(resolved.absolute);
      if (!file.isFile() || file.size > MAX_BYTES) throw new Error(file.isFile() ? `larger than ${MAX_BYTES} bytes` : 'not a regular file');
      out.push({ ...base, status: 'stored', ...(await store(artifactId, resolved.relative.split('/').pop() ?? 'file', await readFile(resolved.absolute))) });
    } catch (error) {
      out.push({ ...base, ref: a.ref.slice(0, 2048), status: 'rejected', reason: `not a readable file inside the repository (${(error as Error).message.slice(0, 200)})` });
    }
  }
  if (out.length > 0) {
    const rows = out.map((a) => ({ id: `${input.workId}:${a.artifactId}`, ...a, caption: a.caption ?? null, sha256: a.sha256 ?? null, bytes: a.bytes ?? null, reason: a.reason ?? null }));
    await input.graph.write(recordAttachments, { repoId: input.repoId, workId: input.workId, rows }, input.run);
  }
  return out;
}
