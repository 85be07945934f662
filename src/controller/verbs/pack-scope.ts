import { readTextCapped, requireRepoPath, resolveExisting, type ResolvedPath } from '../../paths/index.js';
import type { PackSummary } from '../../pack/index.js';
import { TurnDenial } from '../deny.js';
import type { VerbContext } from '../verb.js';

/** The work's current pack and its file list; a work without files in its pack is denied PACK_INSUFFICIENT. */
export async function requirePack(ctx: VerbContext): Promise<{ pack: PackSummary; files: string[] }> {
  const pack = ctx.work?.pack;
  if (!pack || pack.fileCount === 0) {
    throw new TurnDenial('PACK_INSUFFICIENT', {
      message: 'This work has no files in its context pack, so there is nothing to read yet.',
      suggestedAction: { verb: 'escalate', reason: 'ask for the files or symbols you need to be added to the pack' },
    });
  }
  return { pack, files: await ctx.packs.files(pack, { signal: ctx.signal }) };
}

function outsidePack(path: string): TurnDenial {
  return new TurnDenial('PLAN_SCOPE_VIOLATION', {
    message: `${path} is not in this work's context pack.`,
    details: { path },
    suggestedAction: { verb: 'escalate', reason: 'ask for this file to be added to the context pack', args: { need: `access to ${path}`, type: 'scope_expand' } },
  });
}

/**
 * Resolves an agent-supplied path for reading: canonical form first (no filesystem access for a path
 * outside the pack), then realpath, then the pack check again on the resolved location, so a
 * symlink inside the pack cannot reach a file outside it.
 */
export async function resolvePackFile(ctx: VerbContext, files: readonly string[], input: unknown): Promise<ResolvedPath> {
  const canonical = requireRepoPath(input);
  if (!files.includes(canonical)) throw outsidePack(canonical);
  const resolved = await resolveExisting(ctx.repoRoot, canonical);
  if (!files.includes(resolved.relative)) throw outsidePack(canonical);
  return resolved;
}

/** Reads a pack file as lines (size-capped by config). */
export async function readPackLines(ctx: VerbContext, resolved: ResolvedPath): Promise<string[]> {
  const text = await readTextCapped(resolved, ctx.config.limits.readMaxFileBytes);
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
