import { AppError } from '../../errors/index.js';
import { applyCodePatchArgs } from '../../execution/patches/patch-edits.schema.js';
import { claimTtlMs } from '../../execution/idempotency/operation-owner.js';
import { PatchService } from '../../execution/patches/patch-service.js';
import { processWarmProjects } from '../../execution/worktree/reingest-file.js';
import { WorkspaceManager } from '../../execution/worktree/workspace-manager.js';
import { TurnDenial } from '../deny.js';
import { defineVerb } from '../verb.js';
import { requirePack } from './pack-scope.js';

/** apply_code_patch: a plan-bound edit of one pack file in the work's isolated workspace (src/execution). */
export const applyCodePatchVerb = defineVerb({
  name: 'apply_code_patch',
  description: 'Applies structured edits (replace_text or ast_codemod) to the target file of an accepted change node, in the work\'s isolated worktree.',
  whenToUse: 'Executing a change node of the accepted plan.',
  states: ['PLAN_ACCEPTED'],
  args: applyCodePatchArgs,
  async run({ ctx, input }) {
    const work = ctx.work;
    if (!work) throw new TurnDenial('NOT_FOUND', { message: 'apply_code_patch needs a workId.' });
    const { pack } = await requirePack(ctx);
    const service = new PatchService({
      graph: ctx.graph, repoId: ctx.repoId, repoRoot: ctx.repoRoot, plans: ctx.plans, packs: ctx.packs, log: ctx.log,
      workspaces: new WorkspaceManager({ graph: ctx.graph, repoId: ctx.repoId, repoRoot: ctx.repoRoot }),
      maxFileBytes: ctx.config.limits.readMaxFileBytes, now: ctx.now, projectCaches: processWarmProjects,
      leaseTtlMs: ctx.config.locks.leaseSeconds * 1000, claimTtlMs: claimTtlMs(ctx.config.mcp.turnTimeoutMs),
    });
    try {
      const { result, progress } = await service.apply({
        workId: work.work.id, pack: { id: pack.id, hash: pack.hash, ref: pack.ref }, agentId: ctx.agentId, runSessionId: ctx.runSessionId, traceRef: ctx.traceRef,
      }, input, { signal: ctx.signal });
      return { result, ...(progress ? { progress } : {}) };
    } catch (error) {
      if (error instanceof AppError && error.code === 'INVALID_ARGS' && error.details.reason === 'file_changed_since_intent') {
        throw new TurnDenial('INVALID_ARGS', {
          message: error.message, details: error.details,
          suggestedAction: { verb: 'read_file_lines', reason: 'the file changed after this operation began: read it, then send the patch with a new operationId', args: { filePath: input.targetFile } },
        });
      }
      if (error instanceof AppError && error.code === 'INVALID_ARGS' && 'nearest' in error.details) {
        throw new TurnDenial('INVALID_ARGS', {
          message: error.message, details: error.details,
          suggestedAction: { verb: 'read_file_lines', reason: 'read the current text and copy oldText exactly', args: { filePath: input.targetFile } },
        });
      }
      throw error;
    }
  },
});
