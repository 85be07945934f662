import { realpath } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config/index.js';
import { AppError } from '../../errors/index.js';
import type { TsProjectCache } from '../../../ingest/index.js';
import type { Graph, RunOptions } from '../../graph/index.js';
import { canonicalRepoPath, isWithin, readTextCapped, resolveExisting } from '../../paths/index.js';
import type { PlanService } from '../../plan/plan-service.js';
import type { PlanProgress } from '../../plan/progress/progress.js';
import { writeNodeArtifacts } from '../artifacts/artifact-writer.js';
import { redactSecrets } from '../artifacts/redact-secrets.js';
import { failpoint } from '../../runtime/failpoint.js';
import { silentLogger, type Logger } from '../../runtime/logger.js';
import { OperationStore, type OperationClaim } from '../idempotency/operation-store.js';
import { mergeIntoBase } from '../overlay/merge-into-base.js';
import { git } from '../worktree/git-cli.js';
import type { Workspace, WorkspaceManager } from '../worktree/workspace-manager.js';
import { ApprovalStore } from './approval-store.js';
import { commitWorktree, type CommitResult } from './git-commit.js';
import { cleanUpMergedWork, mergeWorkBranch, preflightMerge } from './git-merge.js';
import { findOperationCommit, findOperationMerge, operationTrailer, type SideEffectIntent } from './side-effect-recovery.js';
import { writeReviewBundle } from './review-bundle.js';
import { bindSideEffect, type SideEffectTarget, type SideEffectType } from './side-effect-target.js';
import { markWorktreeMerged } from './side-effect.queries.js';

export interface SideEffectRequest {
  planNodeId: string;
  sideEffectType: SideEffectType;
  approvalToken?: string;
  operationId?: string;
}

export interface SideEffectCaller {
  workId: string;
  agentId: string;
  runSessionId: string;
  traceRef: string;
  /** The work's current pack (ref for proof chains, hash for the trace). */
  pack: { ref: string; hash: string } | null;
}

export interface SideEffectServiceOptions {
  graph: Graph;
  repoId: string;
  /** Real path of the main checkout. */
  repoRoot: string;
  config: Pick<Config, 'gates'>;
  plans: PlanService;
  workspaces: WorkspaceManager;
  now?: () => Date;
  /** States the work may be in (default PLAN_ACCEPTED, and COMPLETED for the approved merge). */
  allowedStates?: readonly string[];
  /** How long an operation claim lives before a retry may take it over (`claimTtlMs(config.mcp.turnTimeoutMs)`). */
  claimTtlMs?: number;
  /** Logs the base's ingest after a merge (default: silent). */
  log?: Logger;
  /** Warm ts-morph projects per root: the main checkout's makes the post-merge ingest parse only the merged files. */
  projectCaches?: Map<string, TsProjectCache>;
}

type Held = Exclude<OperationClaim, { kind: 'replay' }>;
/** What a crashed owner already did, found in git after a takeover. */
type Landed = { kind: 'commit'; commit: CommitResult } | { kind: 'merge'; mergeCommit: string; previousHead: string; target: string } | null;
interface Recovery { claim: Held | null; prior: SideEffectIntent | null; landed: Landed; intentRecorded: boolean }

const MAX_MESSAGE = 4000;
const VERB = 'execute_gated_side_effect';

/** Control characters (but newlines and tabs) out, length capped, secrets redacted. */
const clean = (text: string): string => redactSecrets(text.replace(/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '').slice(0, MAX_MESSAGE)).trim();

/** Gate report files the configured steps write into the worktree: never committed, never block a merge. */
export function gateReportPaths(gates: Config['gates']): string[] {
  const out = new Set<string>();
  for (const profile of Object.values(gates.profiles)) {
    for (const steps of Object.values(profile.modes)) {
      for (const step of steps) for (const report of [step.reports?.junit, step.reports?.lcov]) {
        const check = report ? canonicalRepoPath(report) : undefined;
        if (check?.ok) out.add(check.path);
      }
    }
  }
  return [...out].sort();
}

/**
 * Executes accepted side_effect nodes behind their commit gate (see README "Side effects"):
 * idempotency claim → plan binding and gate check → the side effect (git_commit, review_bundle, or
 * an approved merge) → node marked executed → artifacts → recorded result.
 */
export class SideEffectService {
  private readonly operations: OperationStore;
  private readonly approvals: ApprovalStore;

  constructor(private readonly options: SideEffectServiceOptions) {
    this.operations = new OperationStore({ graph: options.graph, repoId: options.repoId, ...(options.claimTtlMs ? { claimTtlMs: options.claimTtlMs } : {}) });
    this.approvals = new ApprovalStore({ graph: options.graph, repoId: options.repoId, workspaces: options.workspaces, now: options.now });
  }

  async execute(caller: SideEffectCaller, request: SideEffectRequest, run?: RunOptions): Promise<{ result: Record<string, unknown>; progress: PlanProgress | undefined }> {
    const { workId } = caller;
    const { operationId } = request;
    // The token is a credential, not a parameter of the operation: a replay needs none and a new token does not change it.
    const { approvalToken: _token, ...hashed } = request;
    const rec: Recovery = { claim: null, prior: null, landed: null, intentRecorded: false };
    if (operationId) {
      const claim = await this.operations.claim({ workId, operationId, verb: VERB, args: hashed, traceRef: caller.traceRef }, run);
      if (claim.kind === 'replay') return { result: { ...claim.result, replayed: true }, progress: undefined };
      rec.claim = claim;
      rec.prior = claim.kind === 'takeover' && claim.intent?.kind === 'side_effect' ? claim.intent as unknown as SideEffectIntent : null;
    }
    let applied = false;
    try {
      const target = await bindSideEffect({
        graph: this.options.graph, repoId: this.options.repoId, gates: this.options.config.gates, workId, nodeId: request.planNodeId,
        type: request.sideEffectType, allowedStates: this.options.allowedStates ?? ['PLAN_ACCEPTED', 'COMPLETED'],
      }, run);
      const found = await this.options.workspaces.find(workId, run);
      // After a takeover: did the crashed owner's commit or merge land? Then it is finished, never made again.
      if (rec.prior && operationId) {
        if (request.sideEffectType === 'git_commit' && found) {
          const commit = await findOperationCommit(found, rec.prior.head, operationId);
          if (commit) rec.landed = { kind: 'commit', commit };
        } else if (request.sideEffectType === 'merge') {
          const merge = await findOperationMerge(this.options.repoRoot, operationId);
          if (merge) rec.landed = { kind: 'merge', ...merge };
        }
      }
      // A merge checks the person's approval first, so a spent or wrong token is always reported as such;
      // after a takeover the approval this operation recorded (and may have spent) stands.
      const approval = request.sideEffectType !== 'merge' ? null
        : rec.prior?.approvalId ? { approvalId: rec.prior.approvalId }
          : await this.approvals.verify({ workId, token: request.approvalToken, planId: target.plan.id }, run);
      if (target.outcome === 'succeeded' && request.sideEffectType !== 'review_bundle' && !target.mergeAfterCompletion && !rec.landed) {
        throw new AppError('ILLEGAL_TRANSITION', { message: `${request.planNodeId} was already executed; a side effect is never performed twice.`, details: { nodeId: request.planNodeId, reason: 'already_executed' } });
      }
      // A landed merge may already have removed the worktree: what is left to do (clean-up, record) needs only its branch.
      const workspace = found ?? (rec.landed?.kind === 'merge' && rec.prior?.branch
        ? { workId, kind: 'git-worktree' as const, root: join(this.options.repoRoot, '.worktrees', workId), branch: rec.prior.branch, baseCommit: null } : undefined);
      if (!workspace) throw new AppError('ILLEGAL_TRANSITION', { message: 'This work has no workspace yet: nothing was changed, so there is nothing to commit, review or merge.', details: { reason: 'no_workspace' } });
      if (found) await this.requireOwnWorktree(workspace);
      const outcome = await this.perform(caller, request, target, workspace, approval?.approvalId ?? null, rec, () => { applied = true; }, run);
      failpoint('side-effect:after-apply');
      // A completed work's progress is final: its merge is recorded on the Worktree, the operation and its own artifact folder.
      // A node the crashed owner already marked is not marked again.
      const progress = target.mergeAfterCompletion ? undefined
        : rec.landed && target.outcome === 'succeeded' ? (await this.options.plans.readPlan(workId, run))?.progress
          : await this.options.plans.markNodeExecuted(workId, request.planNodeId, 'succeeded', { sideEffectType: request.sideEffectType, ...outcome.evidence }, run);
      const result = {
        planNodeId: request.planNodeId, sideEffectType: request.sideEffectType, commitGateId: target.commitGate.id, operationId: operationId ?? null, ...outcome.result,
        ...(rec.claim?.kind === 'takeover' ? { takeover: { reason: rec.claim.reason, previousOwner: rec.claim.previousOwner, effect: rec.landed ? 'already_applied' : 'redone' } } : {}),
      };
      const artifacts = await writeNodeArtifacts(this.options.repoRoot, workId, target.mergeAfterCompletion ? `${request.planNodeId}.merge` : request.planNodeId, {
        result,
        opLog: outcome.log.map((l) => `${(this.options.now ?? (() => new Date()))().toISOString()} ${l}`),
        traceRefs: {
          workId, planId: target.plan.id, planNodeId: request.planNodeId, operationId: operationId ?? null, agentId: caller.agentId, runSessionId: caller.runSessionId,
          traceRef: caller.traceRef, contextPackRef: caller.pack?.ref ?? null, contextPackHash: caller.pack?.hash ?? null, baseCommit: workspace.baseCommit, branch: workspace.branch,
        },
        diffSummary: outcome.diffSummary,
        validation: { commitGate: target.commitGate, validatedBy: target.validatedBy },
      });
      const withArtifacts = { ...result, artifacts };
      if (rec.claim) await this.operations.complete(rec.claim, withArtifacts, run);
      return { result: withArtifacts, progress };
    } catch (error) {
      const { claim } = rec;
      // Nothing recorded or changed (or a merge git aborted cleanly): the key is free again. Otherwise the claim is
      // kept, expired now, so a retry with the same operationId takes it over and reconciles against git.
      const clean = !applied && (!rec.intentRecorded || (error instanceof AppError && error.details.reason === 'merge_failed'));
      if (claim && clean && claim.kind === 'new') await this.operations.abandon(claim).catch(() => undefined);
      else if (claim) await this.operations.release(claim).catch(() => undefined);
      throw error;
    }
  }

  /** Records what is about to change in git on the Operation (so a takeover can check git for it). */
  private async intend(rec: Recovery, intent: Omit<SideEffectIntent, 'kind'>, run?: RunOptions): Promise<void> {
    if (!rec.claim) return;
    await this.operations.recordIntent(rec.claim, { kind: 'side_effect', ...intent }, run);
    rec.intentRecorded = true;
  }

  private async perform(caller: SideEffectCaller, request: SideEffectRequest, target: SideEffectTarget, workspace: Workspace, approvalId: string | null, rec: Recovery, markApplied: () => void, run?: RunOptions) {
    const { workId } = caller;
    const reports = gateReportPaths(this.options.config.gates);
    if (request.sideEffectType === 'git_commit') {
      const message = await this.commitMessage(target, request.operationId);
      let commit: CommitResult;
      if (rec.landed?.kind === 'commit') commit = rec.landed.commit;
      else {
        await this.intend(rec, { sideEffectType: 'git_commit', branch: workspace.branch, head: workspace.kind === 'git-worktree' ? await this.head(workspace.root) : null }, run);
        commit = await commitWorktree(workspace, message, reports);
        failpoint('side-effect:after-commit');
      }
      markApplied();
      return {
        result: { applied: true, commit: commit.commit, parent: commit.parent, branch: commit.branch, files: commit.files, message },
        evidence: { commit: commit.commit, branch: commit.branch },
        diffSummary: { commit: commit.commit, parent: commit.parent, files: commit.files },
        log: [`git_commit ${commit.commit} on ${commit.branch}: ${commit.files.length} file(s)`],
      };
    }
    if (request.sideEffectType === 'review_bundle') {
      const proofRefs = (target.plan.envelopeJson ? (JSON.parse(target.plan.envelopeJson) as { proofRefs?: string[] }).proofRefs : undefined) ?? [];
      const bundle = await writeReviewBundle({
        graph: this.options.graph, repoId: this.options.repoId, repoRoot: this.options.repoRoot, workId, nodeId: request.planNodeId,
        workspace, proofRefs, packRef: caller.pack?.ref ?? null, validatedBy: target.validatedBy,
      }, run);
      markApplied();
      const { files, ...summary } = bundle;
      return {
        result: { applied: true, review: { ...summary, gates: { runs: summary.gates.runs, passed: summary.gates.passed, failed: summary.gates.failed }, files } },
        evidence: { reviewFiles: Object.values(files) },
        diffSummary: { baseCommit: summary.baseCommit, headCommit: summary.headCommit, ...summary.diffStat, touchedFiles: summary.touchedFiles },
        log: [`review_bundle of ${summary.branch}: ${summary.diffStat.files} file(s), +${summary.diffStat.insertions} -${summary.diffStat.deletions}`],
      };
    }
    if (!approvalId) throw new AppError('INTERNAL', { message: 'merge without a verified approval.' });
    const trailer = request.operationId ? [operationTrailer(request.operationId)] : [];
    const message = clean([`Merge ${workspace.branch} (graphgate work ${workId}, approved)`, '', `Graphgate-Work: ${workId}`, `Graphgate-Plan: ${target.plan.id}`, `Graphgate-Plan-Node: ${target.node.nodeId}`, `Graphgate-Approval: ${approvalId}`, ...trailer].join('\n'));
    let merged: { mergeCommit: string; target: string; head: string; files: string[]; worktreeRemoved: boolean; branchDeleted: boolean };
    if (rec.landed?.kind === 'merge') {
      // The crashed owner's merge landed: only the clean-up (idempotent) and the record remain.
      const files = (await this.gitIn(this.options.repoRoot, ['diff', '--name-only', rec.landed.previousHead, rec.landed.mergeCommit])).split('\n').filter(Boolean);
      merged = { mergeCommit: rec.landed.mergeCommit, target: rec.landed.target, head: rec.landed.previousHead, files, ...(await cleanUpMergedWork(this.options.repoRoot, workspace, reports)) };
    } else {
      const preflight = await preflightMerge(this.options.repoRoot, workspace, reports);
      await this.intend(rec, { sideEffectType: 'merge', branch: workspace.branch, head: preflight.head, approvalId }, run);
      // After a takeover the approval named in the intent may be spent already, by this very operation: that is not a refusal.
      await this.approvals.consume({ workId, approvalId, operation: request.operationId ?? `${caller.traceRef}` }, run).catch((error: unknown) => {
        if (!(rec.prior?.approvalId === approvalId && error instanceof AppError && error.details.reason === 'token_used')) throw error;
      });
      merged = await mergeWorkBranch(this.options.repoRoot, workspace, preflight, message, reports);
      failpoint('side-effect:after-merge');
    }
    markApplied();
    await this.options.graph.write(markWorktreeMerged, {
      repoId: this.options.repoId, workId, mergeCommit: merged.mergeCommit, mergedInto: merged.target, removed: merged.worktreeRemoved, branchDeleted: merged.branchDeleted,
    }, run);
    // The merged files reach the base (the repository's facts) only now, and the work's overlay goes.
    const { graph, repoId, repoRoot, projectCaches } = this.options;
    const baseIngest = await mergeIntoBase({ graph, repoId, repoRoot, log: this.options.log ?? silentLogger, ...(projectCaches ? { projectCaches } : {}) }, workId, merged.files, run);
    // The worktree is gone: a later mutation cuts a fresh one at the same path, from the new HEAD, which its old warm project does not describe.
    projectCaches?.delete(workspace.root);
    return {
      result: { applied: true, mergeCommit: merged.mergeCommit, mergedInto: merged.target, previousHead: merged.head, files: merged.files, approvalId, worktreeRemoved: merged.worktreeRemoved, branchDeleted: merged.branchDeleted, baseIngest },
      evidence: { mergeCommit: merged.mergeCommit, mergedInto: merged.target, approvalId },
      diffSummary: { mergeCommit: merged.mergeCommit, previousHead: merged.head, files: merged.files },
      log: [
        `merge ${workspace.branch} into ${merged.target}: ${merged.mergeCommit} (approval ${approvalId})`, `worktree removed: ${merged.worktreeRemoved}; branch deleted: ${merged.branchDeleted}`,
        `base ingest of ${baseIngest.files} merged file(s): ${baseIngest.status}${baseIngest.message ? ` (${baseIngest.message})` : ''}; overlay nodes deleted: ${baseIngest.overlayNodesDeleted}`,
      ],
    };
  }

  /** A recorded workspace that does not resolve into `<repo>/.worktrees/` is never acted on (it would reach outside the work's worktree). */
  private async requireOwnWorktree(workspace: Workspace): Promise<void> {
    if (workspace.kind !== 'git-worktree') return;
    const dir = await realpath(join(this.options.repoRoot, '.worktrees')).catch(() => undefined);
    if (!dir || !isWithin(dir, workspace.root) || workspace.root === dir) {
      throw new AppError('EXEC_UNGATED_SIDE_EFFECT', { message: 'The recorded worktree lies outside the repository\'s .worktrees folder; graphgate acts only inside the work\'s own worktree.', details: { reason: 'outside_worktree' } });
    }
  }

  /**
   * The commit message: the scratch file the node's `sideEffectPayloadRef` names (`scratch:<path>`),
   * else one derived from the node; always with trailers naming the work, plan and node.
   */
  private async commitMessage(target: SideEffectTarget, operationId?: string): Promise<string> {
    const { node, workId } = target;
    let text = `graphgate: ${node.atomicityBoundary.acceptanceGoal}`;
    const ref = node.sideEffectPayloadRef;
    if (ref.startsWith('scratch:')) {
      const rel = canonicalRepoPath(ref.slice('scratch:'.length));
      if (!rel.ok) throw new AppError('EXEC_UNGATED_SIDE_EFFECT', { message: `The payload ${ref.slice(0, 200)} reaches outside the work's scratch folder.`, details: { reason: 'payload_outside_work' } });
      const file = await resolveExisting(this.options.repoRoot, `.ai/tmp/work/${workId}/scratch/${rel.path}`).catch(() => undefined);
      const payload = file ? await readTextCapped(file, 64 * 1024).catch(() => '') : '';
      if (payload.trim().length > 0) text = payload;
    }
    const body = clean(text) || `graphgate work ${workId}`;
    const trailer = operationId ? `${operationTrailer(operationId)}\n` : '';
    return `${body}\n\nGraphgate-Work: ${workId}\nGraphgate-Plan: ${target.plan.id}\nGraphgate-Plan-Node: ${node.nodeId}\n${trailer}`;
  }

  private async head(root: string): Promise<string> {
    return this.gitIn(root, ['rev-parse', 'HEAD']);
  }

  private gitIn(cwd: string, args: string[]): Promise<string> {
    return git(cwd, args);
  }
}
