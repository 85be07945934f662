import { LINES, ORDERS_LIST_TS, ORDERS_ROUTING } from '../../test/support/agent-loop-plan.js';
import { OUTSIDE_LINK } from './fixture.js';

/** One malformed or hostile call: every one must be refused with a deny code and change nothing. */
export interface HostileCall {
  label: string;
  args: Record<string, unknown>;
}

/** A workId no work has: a forged id must never reach another work. */
const FORGED_WORK = 'work-0000000000000000';

/**
 * The 26 hostile calls of one agent (kinds of test/e2e/mcp-hostile.e2e.test.ts plus path attacks on the
 * mutating verbs): 20 while the work is PLANNING, 6 once its plan is accepted (so the path guards of
 * apply_code_patch and the recipes are reached, not only the state check). `other` is another live
 * agent's work, or a forged id when there is none.
 */
export function hostileCalls(ids: { workId: string; agentId: string }, other: { workId: string; agentId: string } | null): { planning: HostileCall[]; accepted: HostileCall[] } {
  const otherWork = other?.workId ?? FORGED_WORK;
  const read = (filePath: unknown, extra: Record<string, unknown> = {}) => ({ verb: 'read_file_lines', ...ids, args: { filePath, startLine: 1, endLine: 5, ...extra } });
  const planning: HostileCall[] = [
    { label: 'verb is an array', args: { verb: ['initialize_work'] } },
    { label: 'verb with a NUL byte', args: { verb: 'initialize_work\u0000' } },
    { label: 'unknown verb', args: { verb: 'drop_database', ...ids } },
    { label: 'retired verb', args: { verb: 'list_scoped_files', ...ids } },
    { label: 'prompt over 20,000 characters', args: { verb: 'initialize_work', originalPrompt: 'x'.repeat(20_001) } },
    { label: 'prompt is null', args: { verb: 'initialize_work', originalPrompt: null } },
    { label: 'workId with ..', args: { verb: 'initialize_work', workId: '../../etc' } },
    { label: '5,000 lexemes', args: { verb: 'initialize_work', originalPrompt: 'orders', args: { lexemes: Array.from({ length: 5000 }, () => 'a') } } },
    { label: 'unknown top-level key', args: { verb: 'read_file_lines', ...ids, sudo: true, args: { filePath: ORDERS_LIST_TS } } },
    { label: 'args is an array', args: { verb: 'read_file_lines', ...ids, args: [ORDERS_LIST_TS] } },
    { label: 'read ../ traversal', args: read('../../../../etc/passwd') },
    { label: 'read absolute path', args: read('/etc/passwd') },
    { label: 'read through a symlink out of the repo', args: read(`${OUTSIDE_LINK}/passwd`) },
    { label: 'read a lone surrogate path', args: read('\ud800') },
    { label: 'read with negative lines', args: read(ORDERS_LIST_TS, { startLine: -5 }) },
    { label: "read naming another work's workId", args: { verb: 'read_file_lines', workId: otherWork, agentId: ids.agentId, args: { filePath: ORDERS_LIST_TS } } },
    { label: 'lookup with control characters', args: { verb: 'lookup_symbol_definition', ...ids, args: { symbol: 'Orders\u0007List' } } },
    { label: 'trace with both symbol and file', args: { verb: 'trace_symbol_graph', ...ids, args: { symbol: 'OrdersListComponent', filePath: ORDERS_LIST_TS } } },
    { label: 'scratch write escaping with ..', args: { verb: 'write_scratch_file', ...ids, args: { relativePath: '../../../escape.txt', content: 'x' } } },
    // Without the caller's ids: a request's size is charged to the work it names, and 2 MB would end this work's budget.
    { label: 'scratch write of 2 MB (over the scratch limit)', args: { verb: 'write_scratch_file', args: { relativePath: 'huge.txt', content: 'x'.repeat(2 * 1024 * 1024) } } },
  ];
  const edit = { type: 'replace_text', oldText: LINES.status, newText: `${LINES.status}\n${LINES.total}` };
  const patch = (targetFile: string, planNodeId = 'c-total-column') => ({ verb: 'apply_code_patch', ...ids, args: { planNodeId, targetFile, edits: [edit] } });
  const accepted: HostileCall[] = [
    { label: 'patch ../ outside the worktree', args: patch(`../${ORDERS_LIST_TS}`) },
    { label: 'patch an absolute path', args: patch('/etc/hostname') },
    { label: 'patch through a symlink out of the repo', args: patch(`${OUTSIDE_LINK}/hostname`) },
    { label: 'patch a file its node does not target', args: patch(ORDERS_ROUTING) },
    { label: 'recipe writing its artifacts outside the repo', args: { verb: 'run_automation_recipe', ...ids, args: { recipeId: 'replace_lexeme_in_file', planNodeId: 'c-actor-header', params: { file: '../../../etc/hosts', from: 'Who', to: 'Actor' }, artifactBundleRef: '../../outside', diffSummaryRef: '../../outside/diff.json' } } },
    { label: 'merge with a made-up approval token', args: { verb: 'execute_gated_side_effect', ...ids, args: { planNodeId: 'se-commit', sideEffectType: 'merge', approvalToken: 'agent-made-up-token-0000' } } },
  ];
  return { planning, accepted };
}
