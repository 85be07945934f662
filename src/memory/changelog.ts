import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import { ensureDirNoFollow } from '../paths/index.js';

/** One MemoryTransition as the graph returns it and as the changelog keeps it. */
export interface TransitionRecord {
  transitionId: string;
  memoryId: string;
  from: string;
  to: string;
  who: string;
  why: string | null;
  at: string;
  /** A promotion (the state stays approved): the policy-plane record's graph id. */
  promotedTo?: string;
}

/**
 * Appends transitions to `<root>/.ai/memory/changelog.jsonl`, one JSON line each (seed 000 names the
 * file). It is an export of the graph's MemoryTransition nodes for people and scripts, never read
 * back. Folders and the file are not followed through symlinks.
 */
export async function appendChangelog(root: string, transitions: readonly TransitionRecord[]): Promise<void> {
  if (transitions.length === 0) return;
  const dir = await ensureDirNoFollow(root, ['.ai', 'memory']);
  const file = `${dir}/changelog.jsonl`;
  const existing = await lstat(file).catch(() => undefined);
  if (existing && !existing.isFile()) throw new Error('.ai/memory/changelog.jsonl is not a regular file');
  const handle = await open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | constants.O_NOFOLLOW, 0o644);
  try {
    const lines = transitions.map((t) => JSON.stringify({ at: t.at, memoryId: t.memoryId, from: t.from, to: t.to, who: t.who, why: t.why, transitionId: t.transitionId, ...(t.promotedTo ? { promotedTo: t.promotedTo } : {}) }));
    // One write call: concurrent appenders (CLI and server) interleave whole lines, not fragments.
    await handle.write(`${lines.join('\n')}\n`);
  } finally {
    await handle.close();
  }
}
