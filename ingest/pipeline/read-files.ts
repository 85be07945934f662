import { lstat, readFile, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { isInside } from './discovery.js';
import { fileKind, type FileKind } from './file-kind.js';
import { gitBlobId, sha256 } from './snapshot.js';

/** One discovered file as read from disk, before extraction. */
export interface SourceInfo {
  path: string;
  kind: FileKind;
  size: number;
  sha256: string;
  blob: string;
  executable: boolean;
  /** UTF-8 text; empty when the file was skipped. */
  text: string;
  /** Why the file is recorded but not parsed (symlink leaving the root, too large, binary, unreadable). */
  skipReason?: string;
}

/** Reads files with bounded concurrency; a file that vanished between discovery and read is dropped. */
export async function readSourceFiles(root: string, paths: string[], maxFileBytes: number, concurrency = 32): Promise<SourceInfo[]> {
  const out: Array<SourceInfo | undefined> = new Array(paths.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < paths.length) {
      const index = next++;
      out[index] = await readOne(root, paths[index] as string, maxFileBytes);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, paths.length) }, worker));
  return out.filter((x): x is SourceInfo => x !== undefined);
}

/** Reads one repo-relative file, or undefined when it does not exist (deleted). */
export async function readOne(root: string, path: string, maxFileBytes: number): Promise<SourceInfo | undefined> {
  const abs = join(root, path);
  const base = { path, kind: fileKind(path), executable: false };
  let stat;
  try {
    stat = await lstat(abs);
  } catch {
    return undefined;
  }
  const skipped = (reason: string, size = 0): SourceInfo => ({ ...base, size, sha256: sha256(''), blob: gitBlobId(Buffer.alloc(0)), text: '', skipReason: reason });
  if (stat.isSymbolicLink()) {
    const target = await realpath(abs).catch(() => undefined);
    if (!target || !isInside(root, target)) return skipped('symbolic link leading outside the repository');
    stat = await lstat(target);
  }
  if (!stat.isFile()) return undefined;
  if (stat.size > maxFileBytes) return skipped(`larger than ${maxFileBytes} bytes`, stat.size);
  let content: Buffer;
  try {
    content = await readFile(abs);
  } catch (error) {
    return skipped(`unreadable: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  const info: SourceInfo = {
    ...base,
    executable: (stat.mode & 0o111) !== 0,
    size: content.length,
    sha256: sha256(content),
    blob: gitBlobId(content),
    text: '',
  };
  if (content.subarray(0, 8000).includes(0)) return { ...info, skipReason: 'binary content' };
  info.text = content.toString('utf8');
  return info;
}
