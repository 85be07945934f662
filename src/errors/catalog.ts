/**
 * The one catalog of error codes: the seeds' rejection codes plus the operational ones.
 * Each code has a default message and whether a retry can succeed without changing the request.
 */
export const ERROR_CATALOG = {
  // Plan validation (seed 000 "Rejection Codes").
  PLAN_MISSING_REQUIRED_FIELDS: { message: 'The plan is missing required fields.', retryable: false },
  PLAN_SCOPE_VIOLATION: { message: 'The plan reaches outside the work scope.', retryable: false },
  PLAN_EVIDENCE_INSUFFICIENT: { message: 'The plan cites too little distinct evidence.', retryable: false },
  PLAN_NOT_ATOMIC: { message: 'A plan node mixes several concerns.', retryable: false },
  PLAN_VERIFICATION_WEAK: { message: 'A change has no executable blocking verification.', retryable: false },
  PLAN_STRATEGY_MISMATCH: { message: 'The plan does not follow the chosen strategy.', retryable: false },
  PLAN_WEAK_MODEL_AMBIGUOUS: { message: 'An edit intent is too vague for a weak executor.', retryable: false },
  PLAN_FEDERATION_PROOF_MISSING: { message: 'The plan crosses a federation boundary without proof.', retryable: false },
  PLAN_ORIGIN_UNKNOWN: { message: 'The ag-Grid origin chain is missing.', retryable: false },
  PLAN_POLICY_VIOLATION: { message: 'The plan violates a policy rule.', retryable: false },
  PLAN_MISSING_CONTRACT_ANCHOR: { message: 'The plan lacks a contract anchor.', retryable: false },
  PLAN_VALIDATION_CONFIDENCE_TOO_LOW: { message: 'The verification cannot observe the change.', retryable: false },
  EXEC_SIDE_EFFECT_COLLISION: { message: 'Another live work holds this resource.', retryable: true },
  EXEC_UNGATED_SIDE_EFFECT: { message: 'The side effect has no passed commit gate.', retryable: false },
  MEMORY_PROVISIONAL_EXPIRED: { message: 'The provisional memory has expired.', retryable: false },
  PACK_INSUFFICIENT: { message: 'The context pack could not satisfy the task.', retryable: false },
  PACK_REQUIRED_ANCHOR_UNRESOLVED: { message: 'A required anchor could not be resolved.', retryable: false },
  REPO_NOT_INGESTED: { message: 'The repository is not in the graph yet: run `graphgate ingest <repoPath>` first.', retryable: false },
  REPO_INGESTING: { message: 'graphgate is ingesting this repository; retry shortly.', retryable: true },
  // Operational.
  INVALID_ARGS: { message: 'The arguments are invalid.', retryable: false },
  INVALID_CONFIG: { message: 'The configuration is invalid.', retryable: false },
  ILLEGAL_TRANSITION: { message: 'That action is not allowed in the current state.', retryable: false },
  NOT_FOUND: { message: 'The requested item does not exist.', retryable: false },
  PATH_REJECTED: { message: 'The path is outside the allowed root or malformed.', retryable: false },
  VERSION_CONFLICT: { message: 'Another writer changed this item first; reload and retry.', retryable: true },
  GRAPH_UNAVAILABLE: { message: 'Neo4j is not reachable. Start it with `graphgate db start`.', retryable: true },
  GRAPH_AUTH_FAILED: { message: 'Neo4j rejected the credentials.', retryable: false },
  GRAPH_QUERY_FAILED: { message: 'A graph query failed.', retryable: false },
  PROVISION_FAILED: { message: 'The local Neo4j could not be provisioned.', retryable: false },
  PREREQUISITE_MISSING: { message: 'A required tool is missing on this machine.', retryable: false },
  PORT_IN_USE: { message: 'A required port is already in use.', retryable: false },
  TIMEOUT: { message: 'The operation timed out.', retryable: true },
  UNAUTHORIZED: { message: 'Authentication is required for this operation.', retryable: false },
  BUSY: { message: 'The server is at its limit for this kind of request; retry shortly.', retryable: true },
  INTERNAL: { message: 'An internal error occurred.', retryable: false },
  // Memory promotion (src/memory/promotion.ts): details.missing says what validation has not shown yet.
  MEMORY_NOT_VALIDATED: { message: 'No accepted plan was validated with this memory in force; it is promoted only after that, or with an explicit override.', retryable: false },
  // Controller turn gating (src/controller/).
  VERB_RETIRED: { message: 'That verb was retired in the v2 lifecycle; use its replacement.', retryable: false },
  VERB_NOT_IMPLEMENTED: { message: 'That verb is defined but not available in this build yet.', retryable: false },
  BUDGET_EXHAUSTED: { message: 'The work has used its token budget; only budget-safe verbs run.', retryable: false },
  WORK_MISMATCH: { message: 'That agentId belongs to another work.', retryable: false },
  // Sandboxed code (src/execution/sandbox): details.reason says why (preflight, timeout, memory, access_denied, threw, shape_mismatch, placeholder_return, crashed).
  SANDBOX_DENIED: { message: 'The sandboxed code was refused or stopped.', retryable: false },
  // History evaluation (src/eval/history): the evaluated repository is refused before anything is cloned.
  EVAL_NOT_GIT_REPO: { message: 'The path is not inside a git work tree.', retryable: false },
  EVAL_SHALLOW_CLONE: { message: 'The repository is a shallow clone: its history is incomplete.', retryable: false },
  EVAL_DIRTY_WORKTREE: { message: 'The repository has uncommitted changes to tracked files.', retryable: false },
  EVAL_NO_TASKS: { message: 'No commit in the range qualifies as an evaluation task.', retryable: false },
  EVAL_LEAKAGE: { message: 'The evaluation snapshot could see the answer; the run was stopped.', retryable: false },
} as const satisfies Record<string, { message: string; retryable: boolean }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

/** Whether a string (an error code that crossed a process boundary) is one of the catalog's codes. */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CATALOG, code);
}
