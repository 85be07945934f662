import { createHash } from 'node:crypto';

/** What the snapshot needs to know about one ingested file. */
export interface SnapshotEntry {
  path: string;
  /** Git blob id of the content as read (see gitBlobId). */
  blob: string;
  sha256: string;
  executable?: boolean;
}

/** `git hash-object` of a buffer: sha1 over `blob <size>\0<bytes>` (raw bytes, no EOL conversion). */
export function gitBlobId(content: Buffer): string {
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

export function sha256(content: Buffer | string): string {
  return createHash('sha256').update(content).digest('hex');
}

interface TreeNode {
  files: Map<string, SnapshotEntry>;
  dirs: Map<string, TreeNode>;
}

/**
 * Git's tree object id over the given files, exactly as `git write-tree` would compute it for an
 * index holding these paths with this content: entries `<mode> <name>\0<20-byte id>`, sorted by
 * name with sub-trees compared as `name/`. Empty input gives git's empty-tree id.
 */
export function gitTreeId(entries: SnapshotEntry[]): string {
  const root: TreeNode = { files: new Map(), dirs: new Map() };
  for (const entry of entries) {
    const parts = entry.path.split('/');
    let node = root;
    for (const dir of parts.slice(0, -1)) {
      let next = node.dirs.get(dir);
      if (!next) node.dirs.set(dir, (next = { files: new Map(), dirs: new Map() }));
      node = next;
    }
    node.files.set(parts[parts.length - 1] as string, entry);
  }
  return writeTree(root);
}

function writeTree(node: TreeNode): string {
  // Sort keys are encoded once, not inside the comparator (that allocated 2 buffers per comparison).
  const items: Array<{ sortKey: Buffer; mode: string; name: string; id: string }> = [];
  for (const [name, file] of node.files) items.push({ sortKey: Buffer.from(name), mode: file.executable ? '100755' : '100644', name, id: file.blob });
  for (const [name, dir] of node.dirs) items.push({ sortKey: Buffer.from(`${name}/`), mode: '40000', name, id: writeTree(dir) });
  items.sort((a, b) => Buffer.compare(a.sortKey, b.sortKey));
  const body = Buffer.concat(items.map((i) => Buffer.concat([Buffer.from(`${i.mode} ${i.name}\0`), Buffer.from(i.id, 'hex')])));
  return createHash('sha1').update(`tree ${body.length}\0`).update(body).digest('hex');
}

/** Outside git: sha256 over the sorted `path\0sha256\n` manifest of the ingested files. */
export function contentSnapshotId(entries: SnapshotEntry[]): string {
  const hash = createHash('sha256');
  for (const e of [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) hash.update(`${e.path}\0${e.sha256}\n`);
  return hash.digest('hex');
}

/** `git:<tree id>` inside a git work tree, else `content:<sha256>` (both over the ingested files only). */
export function snapshotIdOf(entries: SnapshotEntry[], inGit: boolean): string {
  return inGit ? `git:${gitTreeId(entries)}` : `content:${contentSnapshotId(entries)}`;
}
