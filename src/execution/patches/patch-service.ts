import type { TsProjectCache } from '../../../ingest/index.js';
import { AppError } from '../../errors/index.js';
import type { Graph, RunOptions } from '../../graph/index.js';
import type { PackStore } from '../../pack/index.js';
import { readTextCapped, requireRepoPath, resolveExisting, writeFileNoFollow } from '../../paths/index.js';
import type { PlanProgress } from '../../plan/index.js';
import type { PlanService } from '../../plan/plan-service.js';
import type { Logger } from '../../runtime/logger.js';
import { writeNodeArtifacts } from '../artifacts/artifact-writer.js';
import { defaultCodemodRegistry, type CodemodRegistry } from '../codemods/codemod-registry.js';
import { failpoint } from '../../runtime/failpoint.js';
import { OperationStore, sha256, type OperationClaim } from '../idempotency/operation-store.js';
import { fileResource, LockService } from '../locks/lock-service.js';
import { reingestWorkspaceFile } from '../worktree/reingest-file.js';
import type { Workspace, WorkspaceManager } from '../worktree/workspace-manager.js';
import { applyEdits } from './apply-edits.js';
import { summariseDiff } from './diff-summary.js';
import type { ApplyCodePatchArgs } from './patch-edits.schema.js';
import { checkPatchTarget } from './patch-target.js';

export interface PatchServiceOptions {
  graph: Graph;
  repoId: string;
  /** Real absolute path of the main checkout (artifacts go under its `.ai/tmp`). */
  repoRoot: string;
  plans: PlanService;
  packs: PackStore;
  workspaces: WorkspaceManager;
  log: Logger;
  codemods?: CodemodRegistry;
  maxFileBytes?: number;
  now?: () => Date;
  /** Lease TTL (`locks.leaseSeconds`); every patch takes or renews the node's file lease and renews the work's others. */
  leaseTtlMs?: number;
  /** Warm ts-morph projects per workspace root, kept between patches (re-ingest then re-parses only the touched file). */
  projectCaches?: Map<string, TsProjectCache>;
  /** How long an operation claim lives before a retry may take it over (`claimTtlMs(config.mcp.turnTimeoutMs)`). */
  claimTtlMs?: number;
}

/** What a patch records on its Operation before writing, so a retry after a crash can tell whether the write happened. */
export interface PatchWriteIntent {
  kind: 'patch';
  file: string;
  sha256Before: string;
  sha256After: string;
  diff: ReturnType<typeof summariseDiff>;
  reports: Awaited<ReturnType<typeof applyEdits>>['reports'];
}

type Held = Exclude<OperationClaim, { kind: 'replay' }>;
interface RunState { intent: boolean; reconciled: Record<string, string> | null }

/** Who asked (recorded in trace.refs.json). */
export interface PatchCaller {
  workId: string;
  pack: { id: string; hash: string; ref: string };
  agentId?: string;
  runSessionId?: string;
  traceRef?: string;
}

/**
 * `apply_code_patch` as a service: plan-bound (an accepted `change` node, its own target file, in the
 * pack), applied only in the work's isolated workspace, re-ingested incrementally, recorded on the
 * node, evidenced by artifacts and idempotent per `operationId`.
 */
export class PatchService {
  private readonly operations: OperationStore;
  private readonly codemods: CodemodRegistry;
  private readonly locks: LockService;

  constructor(private readonly options: PatchServiceOptions) {
    this.operations = new OperationStore({ graph: options.graph, repoId: options.repoId, ...(options.claimTtlMs ? { claimTtlMs: options.claimTtlMs } : {}) });
    this.locks = new LockService({ graph: options.graph, repoId: options.repoId, ...(options.leaseTtlMs ? { ttlMs: options.leaseTtlMs } : {}) });
    this.codemods = options.codemods ?? defaultCodemodRegistry;
  }

  async apply(caller: PatchCaller, args: ApplyCodePatchArgs, run?: RunOptions): Promise<{ result: Record<string, unknown>; progress?: PlanProgress }> {
    const { workId } = caller;
    const operationId = args.operationId;
    let claim: Held | null = null;
    if (operationId) {
      const got = await this.operations.claim({ workId, operationId, verb: 'apply_code_patch', args, traceRef: caller.traceRef ?? null }, run);
      if (got.kind === 'replay') return { result: { ...got.result, replayed: true } };
      claim = got;
    }
    const state: RunState = { intent: false, reconciled: null };
    try {
      const out = await this.run(caller, args, state, claim, run);
      if (claim) await this.operations.complete(claim, out.result, run);
      return out;
    } catch (error) {
      if (claim) {
        // A divergent file is closed for good; once an intent is recorded the claim is kept (expired) so a retry reconciles instead of redoing blindly.
        if (error instanceof AppError && error.details.reason === 'file_changed_since_intent') await this.operations.fail(claim, error).catch(() => undefined);
        else if (state.intent || claim.kind === 'takeover') await this.operations.release(claim).catch(() => undefined);
        else await this.operations.abandon(claim).catch(() => undefined);
      }
      throw error;
    }
  }

  private async run(caller: PatchCaller, args: ApplyCodePatchArgs, state: RunState, claim: Held | null, run?: RunOptions): Promise<{ result: Record<string, unknown>; progress: PlanProgress }> {
    const { workId } = caller;
    const started = performance.now();
    const now = this.options.now ?? (() => new Date());
    const log: string[] = [];
    const note = (line: string) => log.push(`${now().toISOString()} ${line}`);
    const target = requireRepoPath(args.targetFile);
    const packFiles = await this.options.packs.files(caller.pack, run);
    const view = await this.options.plans.readPlan(workId, run);
    const node = checkPatchTarget(view, args.planNodeId, target, packFiles);
    note(`node ${node.nodeId} (${node.kind}) targets ${target}; plan ${view?.plan?.id ?? '?'}`);
    // Another live work's lease on the file is a retryable collision; ours is taken or renewed (with the work's other leases).
    const lease = await this.locks.holdForMutation(workId, node.nodeId, [fileResource(target)], run);
    note(`lease on ${target} until ${lease.expiresAt}${lease.reclaimed.length > 0 ? ` (reclaimed from ${lease.reclaimed.map((r) => r.fromWorkId).join(', ')})` : ''}; ${lease.renewed} lease(s) renewed`);

    const ws: Workspace = await this.options.workspaces.ensure(workId, run);
    note(`workspace ${ws.kind} ${ws.branch ?? ''} base ${ws.baseCommit ?? 'copy'}`);
    const resolved = await resolveExisting(ws.root, target);
    if (resolved.relative !== target) {
      throw new AppError('PATH_REJECTED', { message: `${target} is a link to another file (${resolved.relative}); patch the real file.`, details: { reason: 'outside_root', path: target } });
    }
    const current = await readTextCapped(resolved, this.options.maxFileBytes ?? 2_097_152);
    const prior = claim?.kind === 'takeover' && claim.intent?.kind === 'patch' ? claim.intent as unknown as PatchWriteIntent : null;
    let intent: PatchWriteIntent;
    let after: string;
    if (prior && sha256(current) === prior.sha256After) {
      // The crashed owner already wrote the edit: never apply it again.
      intent = prior;
      after = current;
      state.reconciled = { write: 'already_applied' };
      note(`takeover (${claim!.kind === 'takeover' ? claim!.reason : ''}): ${target} already holds the edit's result; not written again`);
    } else {
      if (prior && sha256(current) !== prior.sha256Before) {
        throw new AppError('INVALID_ARGS', {
          message: `${target} changed since this operation recorded its edit (it is neither the text before nor the text after the edit), so it is neither completed nor redone; read the file and send the patch again with a new operationId.`,
          details: { reason: 'file_changed_since_intent', path: target, operationId: args.operationId ?? null },
        });
      }
      const applied = await applyEdits(current, target, args.edits, this.codemods);
      after = applied.text;
      if (after === current) throw new AppError('INVALID_ARGS', { message: 'The edits leave the file unchanged.', details: { path: target } });
      intent = { kind: 'patch', file: target, sha256Before: sha256(current), sha256After: sha256(after), diff: summariseDiff(target, current, after), reports: applied.reports };
      if (prior) state.reconciled = { write: 'redone' };
      if (claim) {
        await this.operations.recordIntent(claim, intent as unknown as Record<string, unknown>, run);
        state.intent = true;
      }
      failpoint('patch:before-write');
      await writeFileNoFollow(ws.root, [], target, after);
      failpoint('patch:after-write');
    }
    const reports = intent.reports;
    for (const r of reports) note(`edit ${r.index} ${r.codemod ?? r.type}: ${r.changes} change(s)${r.startLine ? ` at lines ${r.startLine}-${r.endLine}` : ''}`);
    const patchedMs = Math.round(performance.now() - started);
    note(`wrote ${target} in the workspace (${patchedMs} ms)`);

    const summary = await reingestWorkspaceFile(this.options, workId, ws.root, target);
    note(`re-ingested ${summary.files.parsed} file(s) into the work overlay ${summary.repoId}, snapshot ${summary.snapshotId}`);
    failpoint('patch:after-reingest');
    const diff = intent.diff;
    let progress: PlanProgress;
    if (prior && node.outcome === 'succeeded') {
      // Marked by the crashed owner; marking is idempotent anyway, but the evidence stays the first one.
      progress = view!.progress;
      state.reconciled = { ...state.reconciled, mark: 'already_marked' };
      note(`node ${node.nodeId} was already marked executed`);
    } else {
      progress = await this.options.plans.markNodeExecuted(workId, node.nodeId, 'succeeded', {
        verb: 'apply_code_patch', targetFile: target, operationId: args.operationId ?? null, linesAdded: diff.linesAdded, linesRemoved: diff.linesRemoved,
      }, run);
      note(`node ${node.nodeId} marked executed; ${progress.completedNodes}/${progress.totalNodes} complete`);
    }
    failpoint('patch:after-mark');

    const artifactDirRel = `.ai/tmp/work/${workId}/artifacts/${node.nodeId}`;
    const result: Record<string, unknown> = {
      planNodeId: node.nodeId, targetFile: target, applied: true, operationId: args.operationId ?? null,
      workspace: { kind: ws.kind, path: ws.root.startsWith(`${this.options.repoRoot}/`) ? ws.root.slice(this.options.repoRoot.length + 1) : ws.root, branch: ws.branch, baseCommit: ws.baseCommit },
      lease: { resource: fileResource(target), expiresAt: lease.expiresAt, reclaimed: lease.reclaimed },
      edits: reports, diff: { linesAdded: diff.linesAdded, linesRemoved: diff.linesRemoved, startLine: diff.hunk?.startLine ?? null },
      reingest: { mode: summary.mode, filesParsed: summary.files.parsed, snapshotId: summary.snapshotId, parseEvents: summary.events },
      artifactDir: artifactDirRel, timingsMs: { patch: patchedMs, total: Math.round(performance.now() - started) },
      ...(claim?.kind === 'takeover' ? { takeover: { reason: claim.reason, previousOwner: claim.previousOwner, ...(state.reconciled ?? { write: 'redone' }) } } : {}),
    };
    await writeNodeArtifacts(this.options.repoRoot, workId, node.nodeId, {
      result, opLog: log,
      traceRefs: { workId, planId: view?.plan?.id ?? null, planNodeId: node.nodeId, operationId: args.operationId ?? null, traceRef: caller.traceRef ?? null, agentId: caller.agentId ?? null, runSessionId: caller.runSessionId ?? null, contextPackRef: caller.pack.ref, contextPackHash: caller.pack.hash, snapshotId: summary.snapshotId, baseCommit: ws.baseCommit },
      diffSummary: { ...diff },
      validation: { planNodeId: node.nodeId, reingestParseEvents: summary.events, hooks: 'pending: the validate nodes mapping to this change run its gate steps' },
    });
    return { result, progress };
  }
}
