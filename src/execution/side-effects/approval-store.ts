import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../errors/index.js';
import { int, type Graph, type RunOptions } from '../../graph/index.js';
import { readWorkPlan } from '../../plan/plan.queries.js';
import type { WorkspaceManager } from '../worktree/workspace-manager.js';
import { consumeApproval, listApprovals, recordApproval } from './side-effect.queries.js';

/** States in which a person may approve a work's merge. */
export const APPROVABLE_STATES: ReadonlySet<string> = new Set(['PLAN_ACCEPTED', 'COMPLETED']);

/** Approvals live this long unless the person says otherwise. */
export const DEFAULT_APPROVAL_TTL_MINUTES = 60;

/** Hex SHA-256 of a token: the only form a token is ever stored in. */
export const hashApprovalToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A fresh token: 32 random bytes, base64url, with a recognisable prefix. */
export const mintApprovalToken = (): string => `gga_${randomBytes(32).toString('base64url')}`;

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === 32 && right.length === 32 && timingSafeEqual(left, right);
}

export interface IssuedApproval {
  workId: string;
  approvalId: string;
  /** Shown once to the person; never stored. */
  token: string;
  planId: string;
  branch: string | null;
  expiresAt: string;
}

/** Why a presented token does not authorise a merge (details.reason of the UNAUTHORIZED error). */
export type ApprovalRefusal = 'approval_required' | 'token_unknown' | 'token_expired' | 'token_used' | 'plan_changed';

const refuse = (reason: ApprovalRefusal, workId: string, message: string): AppError =>
  new AppError('UNAUTHORIZED', { message, details: { reason, workId, humanCommand: `graphgate approve ${workId}` } });

/**
 * Merge approvals: a person mints a single-use, expiring token for one plan of one work
 * (`graphgate approve`); only its SHA-256 is stored, as `(:Work)-[:HAS_APPROVAL]->(:MergeApproval)`.
 * The agent side can only present a token: `verify` compares hashes in constant time, `consume`
 * spends it exactly once. There is deliberately no way to mint a token from a verb.
 */
export class ApprovalStore {
  constructor(private readonly options: { graph: Graph; repoId: string; workspaces: WorkspaceManager; now?: () => Date }) {}

  /** Mints an approval for the work's current plan (PLAN_ACCEPTED or COMPLETED, with a git worktree). */
  async approve(input: { workId: string; ttlMinutes?: number; approvedBy: string }, run?: RunOptions): Promise<IssuedApproval> {
    const { graph, repoId, workspaces } = this.options;
    const ttl = input.ttlMinutes ?? DEFAULT_APPROVAL_TTL_MINUTES;
    if (!Number.isInteger(ttl) || ttl < 1 || ttl > 7 * 24 * 60) throw new AppError('INVALID_ARGS', { message: 'The approval lifetime must be 1 to 10080 minutes.', details: { ttlMinutes: ttl } });
    const [row] = await graph.read(readWorkPlan, { repoId, workId: input.workId }, run);
    if (!row) throw new AppError('NOT_FOUND', { message: `No work ${input.workId} in this repository.`, details: { workId: input.workId } });
    if (!APPROVABLE_STATES.has(row.work.state) || !row.plan) {
      throw new AppError('ILLEGAL_TRANSITION', {
        message: `Work ${input.workId} is ${row.work.state}${row.plan ? '' : ' without an accepted plan'}; only a work with an accepted plan (PLAN_ACCEPTED or COMPLETED) can be approved for merge.`,
        details: { workId: input.workId, state: row.work.state },
      });
    }
    const workspace = await workspaces.find(input.workId, run);
    if (!workspace || workspace.kind !== 'git-worktree') {
      throw new AppError('NOT_FOUND', {
        message: `Work ${input.workId} has no git worktree to merge (nothing was changed yet, or the repository is not a git repository).`,
        details: { workId: input.workId, reason: 'no_worktree' },
      });
    }
    const token = mintApprovalToken();
    const approvalId = `approval:${randomBytes(8).toString('hex')}`;
    const expiresAt = new Date((this.options.now ?? (() => new Date()))().getTime() + ttl * 60_000).toISOString();
    const [stored] = await graph.write(recordApproval, { repoId, workId: input.workId, id: approvalId, tokenHash: hashApprovalToken(token), planId: row.plan.id, expiresAt, approvedBy: input.approvedBy }, run);
    if (!stored) throw new AppError('NOT_FOUND', { message: `No work ${input.workId} in this repository.`, details: { workId: input.workId } });
    return { workId: input.workId, approvalId, token, planId: row.plan.id, branch: workspace.branch, expiresAt };
  }

  /**
   * The approval a token stands for, if it may authorise a merge of `planId` now. Every stored hash is
   * compared (constant time each, no early exit), so timing does not tell which approvals exist.
   */
  async verify(input: { workId: string; token: string | undefined; planId: string }, run?: RunOptions): Promise<{ approvalId: string }> {
    const { workId } = input;
    if (!input.token) throw refuse('approval_required', workId, `A merge needs a person's approval: run \`graphgate approve ${workId}\` and pass the printed token as approvalToken.`);
    const presented = hashApprovalToken(input.token);
    const rows = await this.options.graph.read(listApprovals, { repoId: this.options.repoId, workId, limit: int(200) }, run);
    let match: (typeof rows)[number] | undefined;
    for (const row of rows) if (sameHash(row.tokenHash, presented) && !match) match = row;
    if (!match) throw refuse('token_unknown', workId, `That approval token is not valid for work ${workId}; a person must run \`graphgate approve ${workId}\`.`);
    if (match.usedAt !== null) throw refuse('token_used', workId, `That approval token was already used; a person must run \`graphgate approve ${workId}\` again.`);
    if (match.expired) throw refuse('token_expired', workId, `That approval token has expired; a person must run \`graphgate approve ${workId}\` again.`);
    if (match.planId !== input.planId) throw refuse('plan_changed', workId, `That approval was given for another plan of work ${workId}; a person must approve the current plan.`);
    return { approvalId: match.id };
  }

  /** Spends an approval; exactly one of several racing callers succeeds, the others are refused as used. */
  async consume(input: { workId: string; approvalId: string; operation: string }, run?: RunOptions): Promise<void> {
    const [row] = await this.options.graph.write(consumeApproval, { repoId: this.options.repoId, workId: input.workId, id: input.approvalId, operation: input.operation }, run);
    if (!row) throw refuse('token_used', input.workId, `That approval token was already used; a person must run \`graphgate approve ${input.workId}\` again.`);
  }
}
