/** The v2 run states (seed 001 §2). A work without a Work node yet is UNINITIALIZED. */
export const RUN_STATES = ['UNINITIALIZED', 'PLANNING', 'PLAN_ACCEPTED', 'COMPLETED', 'BLOCKED_BUDGET', 'FAILED'] as const;
export type RunState = (typeof RUN_STATES)[number];

/** Every v2 verb name (seed 001 §3). */
export const VERB_NAMES = [
  'initialize_work', 'read_file_lines', 'lookup_symbol_definition', 'trace_symbol_graph', 'search_codebase_text',
  'read_resource', 'write_scratch_file', 'submit_execution_plan', 'escalate', 'signal_task_complete', 'apply_code_patch',
  'run_sandboxed_code', 'execute_gated_side_effect', 'run_automation_recipe',
] as const;
export type VerbName = (typeof VERB_NAMES)[number];

/** Verbs that run even when the work's token budget is used up. */
export const BUDGET_SAFE_VERBS: ReadonlySet<string> = new Set<VerbName>(['initialize_work', 'escalate', 'signal_task_complete', 'read_resource']);

/** States from which crossing the budget threshold moves the work to BLOCKED_BUDGET. */
export const BUDGET_BLOCKABLE_STATES: ReadonlySet<RunState> = new Set<RunState>(['PLANNING', 'PLAN_ACCEPTED']);

/** v1 verbs the v2 lifecycle removed, with what replaced them (seed 001 §3 "Removed Verbs"). */
export const RETIRED_VERBS: Readonly<Record<string, { replacement: VerbName | null; reason: string }>> = {
  list_available_verbs: { replacement: null, reason: 'capabilities come on the first response and whenever they change; send describe: true with any call for them and verbDescriptions' },
  list_scoped_files: { replacement: null, reason: 'the context pack is the file list: see contextPack in the response and the pack file at contextPack.ref' },
  list_directory_contents: { replacement: null, reason: 'the context pack already lists the files you may read' },
  fetch_jira_ticket: { replacement: 'escalate', reason: 'initialize_work fetches tickets the prompt references; while planning, ask escalate to add one' },
  fetch_api_spec: { replacement: 'escalate', reason: 'initialize_work fetches API specs the prompt references; while planning, ask escalate to add one' },
  get_original_prompt: { replacement: null, reason: 'originalPrompt comes with every response' },
  request_evidence_guidance: { replacement: 'escalate', reason: 'escalate enriches the context pack with the evidence you need' },
};

/** The verb that usually moves a work in this state forward (used in suggestions). */
export const NEXT_STEP: Readonly<Record<RunState, VerbName>> = {
  UNINITIALIZED: 'initialize_work',
  PLANNING: 'submit_execution_plan',
  PLAN_ACCEPTED: 'apply_code_patch',
  COMPLETED: 'initialize_work',
  BLOCKED_BUDGET: 'signal_task_complete',
  FAILED: 'signal_task_complete',
};

export function isRunState(value: unknown): value is RunState {
  return typeof value === 'string' && (RUN_STATES as readonly string[]).includes(value);
}
