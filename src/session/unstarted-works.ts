import { realpath, rm } from 'node:fs/promises';
import { int, type Graph, type RunOptions } from '../graph/index.js';
import { discardWorks, findUnstartedWorks } from './session.queries.js';

const WORK_ID = /^work-[0-9a-f]{16}$/;

/**
 * Deletes works no agent was ever given, with their packs, attachments and `.ai/tmp/work/{workId}/`
 * folders: `workIds` (an initialize_work turn created them and then did not answer ok), and, when
 * `olderThanMs` is set, PLANNING works without a logged turn that are older (their creating process
 * died, or timed out and could not clean up). Returns the ids deleted.
 */
export async function discardUnstartedWorks(options: {
  graph: Graph; repoId: string; repoRoot: string; workIds: readonly string[]; olderThanMs: number | null; run?: RunOptions;
}): Promise<string[]> {
  const { graph, repoId, run } = options;
  // A read first: the sweep runs on every initialize_work and almost always finds nothing.
  const swept = options.olderThanMs === null ? [] : await graph.read(findUnstartedWorks, { repoId, olderThanMs: int(options.olderThanMs) }, run);
  const wanted = [...new Set([...options.workIds, ...swept.map((r) => r.workId)])];
  if (wanted.length === 0) return [];
  const ids = (await graph.write(discardWorks, { repoId, workIds: wanted }, run)).map((r) => r.workId);
  await Promise.all(ids.map((id) => removeWorkDir(options.repoRoot, id)));
  return ids;
}

/** Removes a work's folder only when no part of its path is a symlink (a planted link must not steer the delete). */
async function removeWorkDir(repoRoot: string, workId: string): Promise<void> {
  if (!WORK_ID.test(workId)) return;
  const dir = `${repoRoot}/.ai/tmp/work/${workId}`;
  const real = await realpath(dir).catch(() => null);
  if (real === dir) await rm(dir, { recursive: true, force: true });
}
