/** The markers around graphgate's block in an instructions file: text outside them is the person's. */
export const BLOCK_START = '<!-- graphgate:start (written by `graphgate init`; edit outside these markers) -->';
export const BLOCK_END = '<!-- graphgate:end -->';

/** What an agent must know to work through graphgate (seeds 000, 001 §6), as short as it can be. */
export const INSTRUCTIONS = [
  '## graphgate (MCP server `graphgate`, tool `controller_turn`)',
  '- Start every task with verb `initialize_work`, passing the user request verbatim as `originalPrompt`. It returns a ranked, cited context pack (`path:start-end`).',
  '- Pass the returned `workId` and `agentId` on every later call; a sub-agent of the same work omits `agentId` once and keeps the one it gets.',
  '- Read through the tool (`read_file_lines`, `search_codebase_text`, `lookup_symbol_definition`, `trace_symbol_graph`); if the pack lacks what you need, call `escalate`.',
  '- Plan before editing: `submit_execution_plan` with a PlanGraph; on a rejection, fix every listed code and submit again.',
  '- Change files only with `apply_code_patch` or `run_automation_recipe` on accepted plan nodes, then run the plan\'s gates.',
  '- On a `deny`, follow `suggestedAction`; a `retryable` deny can be sent again unchanged.',
  '- Finish with `signal_task_complete`: the controller decides completion from validation.',
].join('\n');

export const INSTRUCTIONS_BLOCK = `${BLOCK_START}\n${INSTRUCTIONS}\n${BLOCK_END}\n`;
