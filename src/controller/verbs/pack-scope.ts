import type { FactOverlay } from '../../execution/overlay/fact-overlay.js';
import { WorkOverlays } from '../../execution/overlay/work-overlays.js';
import { WorkspaceManager } from '../../execution/worktree/workspace-manager.js';
import { isWithin, readTextCapped, requireRepoPath, resolveExisting, type ResolvedPath } from '../../paths/index.js';
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

const readRoots = new WeakMap<VerbContext, Promise<string>>();

/**
 * Where this turn reads pack files: the work's isolated workspace once it has one (after the first
 * mutation, so reads see the patched text the graph was re-ingested from), else the main checkout.
 * A recorded workspace outside the repository root is refused, never followed. One lookup per turn.
 */
export function readRoot(ctx: VerbContext): Promise<string> {
  let root = readRoots.get(ctx);
  if (!root) {
    root = workspaceRoot(ctx);
    readRoots.set(ctx, root);
  }
  return root;
}

async function workspaceRoot(ctx: VerbContext): Promise<string> {
  const workId = ctx.work?.work.id;
  // A workspace is created by the first mutation, which needs PLAN_ACCEPTED, and no verb leads back to
  // PLANNING: a PLANNING work has none, so its reads skip the lookup.
  if (!workId || ctx.work?.work.state !== 'PLAN_ACCEPTED') return ctx.repoRoot;
  const ws = await new WorkspaceManager({ graph: ctx.graph, repoId: ctx.repoId, repoRoot: ctx.repoRoot }).find(workId, { signal: ctx.signal });
  if (!ws) return ctx.repoRoot;
  if (!isWithin(ctx.repoRoot, ws.root) || ws.root === ctx.repoRoot) {
    throw new TurnDenial('PATH_REJECTED', { message: 'The work\'s recorded workspace is outside the repository; refusing to read from it.', details: { reason: 'outside_root', workId } });
  }
  return ws.root;
}

const overlays = new WeakMap<VerbContext, Promise<FactOverlay | null>>();

/**
 * The work's overlay for this turn's graph reads: the facts of the files it changed in its workspace,
 * which shadow the base's for those paths (src/execution/README.md, "Work isolation"). Only a
 * PLAN_ACCEPTED work can have changed files (see `workspaceRoot`); others read the base. One lookup per turn.
 */
export function workOverlay(ctx: VerbContext): Promise<FactOverlay | null> {
  let overlay = overlays.get(ctx);
  if (!overlay) {
    const workId = ctx.work?.work.id;
    overlay = !workId || ctx.work?.work.state !== 'PLAN_ACCEPTED' ? Promise.resolve(null)
      : new WorkOverlays({ graph: ctx.graph, repoId: ctx.repoId }).view(workId, { signal: ctx.signal });
    overlays.set(ctx, overlay);
  }
  return overlay;
}

/**
 * Resolves an agent-supplied path for reading: canonical form first (no filesystem access for a path
 * outside the pack), then realpath, then the pack check again on the resolved location, so a
 * symlink inside the pack cannot reach a file outside it. Rooted at `readRoot` (the work's workspace
 * when it has one): the same canonical pack paths, and a link out of the workspace is refused.
 */
export async function resolvePackFile(ctx: VerbContext, files: readonly string[], input: unknown): Promise<ResolvedPath> {
  const canonical = requireRepoPath(input);
  if (!files.includes(canonical)) throw outsidePack(canonical);
  const resolved = await resolveExisting(await readRoot(ctx), canonical);
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
