import { jsonPath, violation, type PlanViolation } from '../violation.js';
import type { CheckInput, PlanCheck } from './check.js';

const CODE = 'PLAN_SCOPE_VIOLATION';

/**
 * Snapshot purity: the plan names the work, worktree, snapshot and pack the server holds as active.
 * A plan built against a superseded pack or another snapshot is out of scope; a plan that records a
 * policy version other than the bundle's was built against a stale policy.
 */
export const snapshotCheck: PlanCheck = {
  id: 'snapshot_purity',
  summary: 'workId, worktreeRoot, repoSnapshotId, contextPackRef/Hash and scopeAllowlistRef match the active pack',
  run({ plan, facts, context }: CheckInput): PlanViolation[] {
    const out: PlanViolation[] = [];
    const pack = facts.activePack;
    if (pack === null) {
      return [violation('PACK_INSUFFICIENT', jsonPath(['contextPackRef']), 'The work has no active context pack.', 'Call initialize_work (or escalate) to build the pack, then plan against it.')];
    }
    const expect = (field: keyof typeof plan, actual: string, wanted: string, what: string): void => {
      if (actual !== wanted) out.push(violation(CODE, jsonPath([field]), `${what} does not match the work's active pack.`, `Set \`${String(field)}\` to \`${wanted}\` (from the latest response) and re-check the plan against that pack.`));
    };
    expect('workId', plan.workId, context.work.workId, 'workId');
    expect('worktreeRoot', plan.worktreeRoot, context.work.worktreeRoot, 'worktreeRoot');
    expect('repoSnapshotId', plan.repoSnapshotId, pack.repoSnapshotId, 'repoSnapshotId');
    expect('contextPackRef', plan.contextPackRef, pack.ref, 'contextPackRef');
    expect('contextPackHash', plan.contextPackHash, pack.hash, 'contextPackHash');
    expect('scopeAllowlistRef', plan.scopeAllowlistRef, pack.scopeAllowlistRef, 'scopeAllowlistRef');
    const versions = new Map(context.enforcementBundle.graphPolicyRules.flatMap((p) => (p.version ? [[p.id, p.version] as const] : [])));
    for (const [policyId, version] of Object.entries(plan.policyVersionSet).sort(([a], [b]) => (a < b ? -1 : 1))) {
      const current = versions.get(policyId);
      if (current !== undefined && current !== version) {
        out.push(violation('PLAN_POLICY_VIOLATION', jsonPath(['policyVersionSet', policyId]), `Policy \`${policyId}\` is at version ${current}, not ${version}.`, `Re-read policy \`${policyId}\` from the pack and set its version to ${current}.`));
      }
    }
    return out;
  },
};
