import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import type { Config } from '../../../src/config/index.js';
import { TurnResponseSchema, type TurnResponse } from '../../../src/controller/envelope.schema.js';
import type { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import { ApprovalStore, hashApprovalToken } from '../../../src/execution/side-effects/approval-store.js';
import { WorkspaceManager } from '../../../src/execution/worktree/workspace-manager.js';
import type { Graph } from '../../../src/graph/graph.js';
import { loadQuery } from '../../../src/graph/query-registry.js';
import { PackStore } from '../../../src/pack/index.js';
import type { PlanGraph } from '../../../src/plan/index.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { makeDispatcher, testConfig } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { acceptPlan, copyFixture, goldenPlanFor, ORDERS_LIST_HTML, ORDERS_LIST_TS, PACK_FILES, PLAN_TEST_GATES, planService } from '../../support/plan-fixture.js';

const readRecords = loadQuery<{ repoId: string; workId: string }, {
  worktree: { mergeCommit: string | null; mergedInto: string | null; branchDeleted: boolean | null; removed: boolean } | null;
  approvals: Array<Record<string, unknown>>;
}>('test-support/read-side-effect-records.cypher');

// A quick passing gate step that, like real test runners, leaves a JUnit report in the worktree.
const JUNIT = "require('fs').writeFileSync('junit.xml', '<testsuite name=\"orders\"><testcase name=\"total\"/></testsuite>')";
const GATES: Config['gates'] = {
  ...PLAN_TEST_GATES,
  profiles: { default: { modes: { fast: PLAN_TEST_GATES.profiles.default!.modes.fast!.map((s) => ({ ...s, cmd: [process.execPath, '-e', JUNIT], reports: { junit: 'junit.xml' } })) } } },
};
const SECRET = 'Zx9Qw8Er7Ty6Ui5O';
const STATUS = "headerName: 'Status',";

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-C', cwd, ...args], { encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'u', GIT_AUTHOR_EMAIL: 'u@u', GIT_COMMITTER_NAME: 'u', GIT_COMMITTER_EMAIL: 'u@u' } }).trim();

/** The golden plan plus a review bundle, a merge, a side effect graphgate cannot gate, and a commit whose payload escapes the scratch folder. */
function sideEffectPlan(golden: PlanGraph): PlanGraph {
  const commit = golden.nodes[2] as Extract<PlanGraph['nodes'][number], { kind: 'side_effect' }>;
  const node = (nodeId: string, sideEffectType: typeof commit.sideEffectType, dependsOn: string[]) => ({ ...structuredClone(commit), nodeId, sideEffectType, dependsOn, sideEffectPayloadRef: `artifact:${nodeId}` });
  return { ...golden, nodes: [...golden.nodes, node('se-review', 'review_bundle', ['se-commit']), node('se-merge', 'merge', ['se-commit', 'se-review']), node('se-push', 'git_push', ['v-total-column']),
    { ...node('se-escape', 'git_commit', ['v-total-column']), sideEffectPayloadRef: 'scratch:../../../../../etc/passwd' }] };
}

/** A git copy of the fixture (scratch ignored), ingested, with a dispatcher and a PLAN_ACCEPTED work of `buildPlan(golden)`. */
async function prepareWork(graph: Graph, repoId: string, buildPlan: (golden: PlanGraph) => PlanGraph) {
  const fixture = copyFixture();
  writeFileSync(join(fixture.root, '.gitignore'), '.ai/tmp/\n');
  git(fixture.root, 'init', '-q', '-b', 'main');
  git(fixture.root, 'add', '-A');
  git(fixture.root, 'commit', '-q', '-m', 'fixture');
  const mainHead = git(fixture.root, 'rev-parse', 'HEAD');
  const original = readFileSync(join(fixture.root, ORDERS_LIST_TS), 'utf8');
  await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId }, totals: false });
  const ctl = makeDispatcher(graph, fixture.root, repoId, { config: testConfig(repoId, { gates: GATES }) });
  const init = TurnResponseSchema.parse(await ctl.turn({ verb: 'initialize_work', originalPrompt: 'Show the order total before the status in the orders grid' }));
  const ids = { workId: init.workId!, agentId: init.agentId! };
  await new PackStore({ graph, repoId, repoRoot: fixture.root }).create({ workId: ids.workId, files: PACK_FILES });
  const plans = planService(graph, repoId, fixture.root);
  await acceptPlan(graph, repoId, plans, ids.workId, buildPlan(await goldenPlanFor(plans, ids.workId, `chain:aggrid:${ORDERS_LIST_HTML}:3`)));
  return { fixture, ctl, ids, mainHead, original };
}

/** The change and its validation through the verbs, as an agent does them (the gate step writes junit.xml). */
async function patchAndValidate(turn: (verb: string, args: Record<string, unknown>) => Promise<TurnResponse>, workId: string): Promise<void> {
  const patch = await turn('apply_code_patch', {
    planNodeId: 'c-total-column', targetFile: ORDERS_LIST_TS,
    edits: [{ type: 'replace_text', oldText: STATUS, newText: `${STATUS} /* apiKey = "${SECRET}" */` }],
  });
  expect(patch.outcome, JSON.stringify(patch.deny)).toBe('ok');
  const validation = await turn('run_automation_recipe', {
    recipeId: 'run_targeted_validation', planNodeId: 'v-total-column', params: { step: 'unit-orders' },
    artifactBundleRef: `.ai/tmp/work/${workId}/artifacts/v-total-column`, diffSummaryRef: `.ai/tmp/work/${workId}/artifacts/v-total-column/diff.summary.json`,
  });
  expect(validation.result, JSON.stringify(validation.deny)).toMatchObject({ passed: true });
}

describe('execute_gated_side_effect (dispatcher, real Neo4j, real git)', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let ctl: TurnDispatcher;
  let ids: { workId: string; agentId: string };
  let mainHead: string;
  let original: string;
  let token: string;
  const repoId = testNamespace('side-effects');
  const turn = async (verb: string, args: Record<string, unknown>): Promise<TurnResponse> => TurnResponseSchema.parse(await ctl.turn({ verb, ...ids, args }));
  const sideEffect = (planNodeId: string, sideEffectType: string, extra: Record<string, unknown> = {}) => turn('execute_gated_side_effect', { planNodeId, sideEffectType, ...extra });
  const worktree = () => join(fixture.root, '.worktrees', ids.workId);
  const approve = async () => (await new ApprovalStore({ graph, repoId, workspaces: new WorkspaceManager({ graph, repoId, repoRoot: fixture.root }) }).approve({ workId: ids.workId, approvedBy: 'test' })).token;

  beforeAll(async () => {
    graph = openTestGraph();
    ({ fixture, ctl, ids, mainHead, original } = await prepareWork(graph, repoId, sideEffectPlan));
  }, 180_000);
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture?.dispose();
    await graph?.close();
  });

  it('denies a commit whose validate dependency has not passed (EXEC_UNGATED_SIDE_EFFECT)', async () => {
    const r = await sideEffect('se-commit', 'git_commit');
    expect(r.deny?.code, JSON.stringify(r.deny)).toBe('EXEC_UNGATED_SIDE_EFFECT');
    expect(r.deny?.details).toMatchObject({ reason: 'gate_not_passed', pendingValidations: [{ nodeId: 'v-total-column' }], incompleteNodes: ['c-total-column'] });
    expect(r.suggestedAction).toMatchObject({ verb: 'run_automation_recipe', args: { planNodeId: 'v-total-column' } });
  });

  it.each([
    ['a change node', 'c-total-column', 'git_commit', 'PLAN_SCOPE_VIOLATION'],
    ['a planned side effect graphgate cannot gate (git_push)', 'se-push', 'git_commit', 'EXEC_UNGATED_SIDE_EFFECT'],
    ['another type than planned', 'se-commit', 'merge', 'PLAN_SCOPE_VIOLATION'],
    ['a type outside the three', 'se-commit', 'force_push', 'INVALID_ARGS'],
    ['an unknown node', 'se-404', 'git_commit', 'NOT_FOUND'],
  ])('denies %s', async (_name, node, type, code) => {
    const r = await sideEffect(node, type);
    expect(r.deny?.code, JSON.stringify(r.deny)).toBe(code);
    expect(r.state).toBe('PLAN_ACCEPTED');
  });

  it('commits every change of the worktree on graphgate/<workId> (not gate reports) and leaves the main checkout alone', async () => {
    await patchAndValidate(turn, ids.workId);
    expect(existsSync(join(worktree(), 'junit.xml'))).toBe(true);

    const note = await turn('write_scratch_file', { relativePath: 'commit-message.md', content: 'Show the order total after the status\n\nAdds the total column.' });
    expect(note.outcome, JSON.stringify(note.deny)).toBe('ok');
    const r = await sideEffect('se-commit', 'git_commit', { operationId: 'op-commit-0001' });
    expect(r.outcome, JSON.stringify(r.deny)).toBe('ok');
    const commit = (r.result as { commit: string }).commit;
    expect(r.result).toMatchObject({ applied: true, branch: `graphgate/${ids.workId}`, files: [{ status: 'M', path: ORDERS_LIST_TS }], commitGateId: 'commit-fast' });
    expect(git(worktree(), 'rev-parse', `graphgate/${ids.workId}`)).toBe(commit);
    expect(git(worktree(), 'show', '--name-only', '--format=%an <%ae>%n%B', commit)).toMatch(new RegExp(`^graphgate <graphgate@localhost>\nShow the order total after the status\n\nAdds the total column\.\n\nGraphgate-Work: ${ids.workId}\nGraphgate-Plan: plan-[0-9a-f]+\nGraphgate-Plan-Node: se-commit[\\s\\S]*${ORDERS_LIST_TS.replace(/[.]/g, '\\.')}$`));
    expect(git(worktree(), 'status', '--porcelain', '--untracked-files=all')).toBe('?? junit.xml');
    // The user's checkout: same HEAD, same file, clean.
    expect(git(fixture.root, 'rev-parse', 'HEAD')).toBe(mainHead);
    expect(readFileSync(join(fixture.root, ORDERS_LIST_TS), 'utf8')).toBe(original);
    expect(git(fixture.root, 'status', '--porcelain')).toBe('');
    expect(r.progress?.completedNodes).toBe(3);

    // A retry with the same operationId replays; nothing is committed twice.
    const again = await sideEffect('se-commit', 'git_commit', { operationId: 'op-commit-0001' });
    expect(again.result).toMatchObject({ replayed: true, commit });
    expect(git(worktree(), 'rev-list', '--count', 'HEAD')).toBe('2');
    // Without one, an executed side effect is refused rather than performed again.
    expect((await sideEffect('se-commit', 'git_commit')).deny?.code).toBe('ILLEGAL_TRANSITION');
  });

  it('refuses a commit whose payload reaches outside the work (EXEC_UNGATED_SIDE_EFFECT), committing nothing', async () => {
    writeFileSync(join(worktree(), 'extra.txt'), 'x\n');
    const r = await sideEffect('se-escape', 'git_commit');
    expect(r.deny?.code, JSON.stringify(r.deny)).toBe('EXEC_UNGATED_SIDE_EFFECT');
    expect(r.deny?.details).toMatchObject({ reason: 'payload_outside_work' });
    expect(git(worktree(), 'rev-list', '--count', 'HEAD')).toBe('2');
    rmSync(join(worktree(), 'extra.txt'));
  });

  it('writes a review bundle with the full diff, touched files, gate runs and proof chains, secrets redacted', async () => {
    const r = await sideEffect('se-review', 'review_bundle');
    expect(r.outcome, JSON.stringify(r.deny)).toBe('ok');
    const review = (r.result as { review: { files: Record<string, string>; diffStat: Record<string, number>; touchedFiles: unknown[]; gates: { runs: number; passed: number } } }).review;
    expect(review.diffStat).toEqual({ files: 1, insertions: 1, deletions: 1 });
    expect(review.touchedFiles).toEqual([{ status: 'M', path: ORDERS_LIST_TS }]);
    expect(review.gates.passed).toBeGreaterThan(0);
    const dir = join(fixture.root, '.ai/tmp/work', ids.workId, 'artifacts/se-review/review');
    expect(Object.values(review.files).sort()).toEqual(['diff.patch', 'diffstat.txt', 'review.md', 'summary.json'].map((f) => `.ai/tmp/work/${ids.workId}/artifacts/se-review/review/${f}`));
    const diff = readFileSync(join(dir, 'diff.patch'), 'utf8');
    expect(diff).toContain(`diff --git a/${ORDERS_LIST_TS}`);
    expect(diff).toMatch(/^\+.*headerName: 'Status', \/\* apiKey = "\*\*\*" \*\//m);
    expect(diff).not.toContain(SECRET);
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { proofChains: { planRefs: string[] }; gates: { steps: Array<{ stepName: string }> }; untrackedFiles: string[] };
    expect(summary.proofChains.planRefs).toEqual([`chain:aggrid:${ORDERS_LIST_HTML}:3`]);
    expect(summary.gates.steps.map((s) => s.stepName)).toContain('unit-orders');
    expect(summary.untrackedFiles).toEqual(['junit.xml']);
    expect(readFileSync(join(dir, 'review.md'), 'utf8')).toContain('## Gates');
    for (const f of ['result.json', 'op.log', 'trace.refs.json', 'diff.summary.json', 'validation.json']) expect(existsSync(join(dir, '..', f)), f).toBe(true);
  });

  it('refuses a merge without a token, or with a wrong one, and sends the agent to a person', async () => {
    for (const extra of [{}, { approvalToken: 'gga_not-a-real-token' }]) {
      const r = await sideEffect('se-merge', 'merge', extra);
      expect(r.deny?.code, JSON.stringify(r.deny)).toBe('UNAUTHORIZED');
      expect(r.deny?.requiresHuman).toBe(true);
      expect(r.suggestedAction?.reason).toContain(`graphgate approve ${ids.workId}`);
    }
    expect(git(fixture.root, 'rev-parse', 'HEAD')).toBe(mainHead);
  });

  it('stores only the SHA-256 of an approval token', async () => {
    token = await approve();
    expect(token).toMatch(/^gga_[A-Za-z0-9_-]{43}$/);
    const [records] = await graph.read(readRecords, { repoId, workId: ids.workId });
    expect(records!.approvals).toHaveLength(1);
    expect(records!.approvals[0]).toMatchObject({ tokenHash: hashApprovalToken(token), usedAt: null });
    expect(JSON.stringify(records!.approvals)).not.toContain(token);
  });

  it('refuses to merge over uncommitted changes to the same file and leaves the user\'s tree as it was', async () => {
    const mine = `${original}// my own edit\n`;
    writeFileSync(join(fixture.root, ORDERS_LIST_TS), mine);
    const r = await sideEffect('se-merge', 'merge', { approvalToken: token });
    expect(r.deny?.code, JSON.stringify(r.deny)).toBe('EXEC_SIDE_EFFECT_COLLISION');
    expect(r.deny).toMatchObject({ requiresHuman: true, details: { reason: 'main_tree_dirty', files: [ORDERS_LIST_TS] } });
    expect(readFileSync(join(fixture.root, ORDERS_LIST_TS), 'utf8')).toBe(mine);
    expect(git(fixture.root, 'rev-parse', 'HEAD')).toBe(mainHead);
    writeFileSync(join(fixture.root, ORDERS_LIST_TS), original);
  });

  it('refuses a merge that would conflict, aborting cleanly', async () => {
    writeFileSync(join(fixture.root, ORDERS_LIST_TS), original.replace(STATUS, "headerName: 'State',"));
    git(fixture.root, 'commit', '-q', '-am', 'a conflicting change of the user');
    const head = git(fixture.root, 'rev-parse', 'HEAD');
    const r = await sideEffect('se-merge', 'merge', { approvalToken: token });
    expect(r.deny?.code, JSON.stringify(r.deny)).toBe('EXEC_SIDE_EFFECT_COLLISION');
    expect(r.deny).toMatchObject({ requiresHuman: true, details: { reason: 'merge_conflict', files: [ORDERS_LIST_TS] } });
    expect(git(fixture.root, 'rev-parse', 'HEAD')).toBe(head);
    expect(git(fixture.root, 'status', '--porcelain')).toBe('');
    git(fixture.root, 'reset', '-q', '--hard', mainHead);
  });

  it('merges with an approved token: the user\'s branch has the change, the worktree and merged branch are gone', async () => {
    const r = await sideEffect('se-merge', 'merge', { approvalToken: token, operationId: 'op-merge-0001' });
    expect(r.outcome, JSON.stringify(r.deny)).toBe('ok');
    const result = r.result as { mergeCommit: string };
    expect(r.result).toMatchObject({ applied: true, mergedInto: 'main', previousHead: mainHead, files: [ORDERS_LIST_TS], worktreeRemoved: true, branchDeleted: true });
    expect(git(fixture.root, 'rev-parse', 'HEAD')).toBe(result.mergeCommit);
    expect(git(fixture.root, 'rev-list', '--parents', '-n', '1', 'HEAD').split(' ')).toHaveLength(3);
    expect(readFileSync(join(fixture.root, ORDERS_LIST_TS), 'utf8')).toContain(`/* apiKey = "${SECRET}" */`);
    expect(existsSync(worktree())).toBe(false);
    expect(git(fixture.root, 'branch', '--list', `graphgate/${ids.workId}`)).toBe('');
    expect(git(fixture.root, 'worktree', 'list', '--porcelain')).not.toContain(ids.workId);
    const [records] = await graph.read(readRecords, { repoId, workId: ids.workId });
    expect(records!.worktree).toEqual({ mergeCommit: result.mergeCommit, mergedInto: 'main', branchDeleted: true, removed: true });
    expect(records!.approvals[0]!.usedAt).not.toBeNull();
    expect(r.progress).toMatchObject({ completedNodes: 5, remainingNodes: 2 });

    // The same operationId replays the recorded merge: no second merge commit.
    const again = await sideEffect('se-merge', 'merge', { approvalToken: token, operationId: 'op-merge-0001' });
    expect(again.result).toMatchObject({ replayed: true, mergeCommit: result.mergeCommit });
    expect(git(fixture.root, 'rev-parse', 'HEAD')).toBe(result.mergeCommit);
  });

  it('refuses the spent token again (requiresHuman)', async () => {
    const r = await sideEffect('se-merge', 'merge', { approvalToken: token });
    expect(r.deny?.code, JSON.stringify(r.deny)).toBe('UNAUTHORIZED');
    expect(r.deny).toMatchObject({ requiresHuman: true, details: { reason: 'token_used' } });
  });
});

describe('execute_gated_side_effect after completion: commit → signal_task_complete → approve → merge', () => {
  let graph: Graph;
  let work: Awaited<ReturnType<typeof prepareWork>>;
  const repoId = testNamespace('side-effects-done');
  const turn = async (verb: string, args: Record<string, unknown>): Promise<TurnResponse> => TurnResponseSchema.parse(await work.ctl.turn({ verb, ...work.ids, args }));

  beforeAll(async () => {
    graph = openTestGraph();
    work = await prepareWork(graph, repoId, (golden) => golden);
    await patchAndValidate(turn, work.ids.workId);
    const commit = await turn('execute_gated_side_effect', { planNodeId: 'se-commit', sideEffectType: 'git_commit' });
    expect(commit.progress, JSON.stringify(commit.deny)).toMatchObject({ remainingNodes: 0 });
    const done = await turn('signal_task_complete', { summary: 'total column added and verified' });
    expect(done.state, JSON.stringify(done.deny)).toBe('COMPLETED');
  }, 180_000);
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    work?.fixture.dispose();
    await graph?.close();
  });

  it('offers only the merge once the work is COMPLETED', async () => {
    const commit = await turn('execute_gated_side_effect', { planNodeId: 'se-commit', sideEffectType: 'git_commit' });
    expect(commit.deny?.code).toBe('ILLEGAL_TRANSITION');
    expect(commit.capabilities).toEqual(['read_resource', 'signal_task_complete', 'execute_gated_side_effect']);
    const wrongNode = await turn('execute_gated_side_effect', { planNodeId: 'c-total-column', sideEffectType: 'merge' });
    expect(wrongNode.deny?.code).toBe('PLAN_SCOPE_VIOLATION');
    const noToken = await turn('execute_gated_side_effect', { planNodeId: 'se-commit', sideEffectType: 'merge' });
    expect(noToken.deny).toMatchObject({ code: 'UNAUTHORIZED', requiresHuman: true });
  });

  it('merges the committed branch with a token a person issued for the COMPLETED work', async () => {
    const { token } = await new ApprovalStore({ graph, repoId, workspaces: new WorkspaceManager({ graph, repoId, repoRoot: work.fixture.root }) }).approve({ workId: work.ids.workId, approvedBy: 'test' });
    const r = await turn('execute_gated_side_effect', { planNodeId: 'se-commit', sideEffectType: 'merge', approvalToken: token, operationId: 'op-merge-after-done' });
    expect(r.outcome, JSON.stringify(r.deny)).toBe('ok');
    expect(r.state).toBe('COMPLETED');
    expect(r.result).toMatchObject({ applied: true, mergedInto: 'main', previousHead: work.mainHead, files: [ORDERS_LIST_TS], worktreeRemoved: true, branchDeleted: true });
    expect(readFileSync(join(work.fixture.root, ORDERS_LIST_TS), 'utf8')).toContain(`/* apiKey = "${SECRET}" */`);
    expect(existsSync(join(work.fixture.root, '.worktrees', work.ids.workId))).toBe(false);
    // The commit node's own evidence stays; the merge has its own folder.
    const artifacts = join(work.fixture.root, '.ai/tmp/work', work.ids.workId, 'artifacts');
    expect(JSON.parse(readFileSync(join(artifacts, 'se-commit', 'result.json'), 'utf8'))).toMatchObject({ sideEffectType: 'git_commit' });
    expect(JSON.parse(readFileSync(join(artifacts, 'se-commit.merge', 'result.json'), 'utf8'))).toMatchObject({ sideEffectType: 'merge', mergedInto: 'main' });
    const again = await turn('execute_gated_side_effect', { planNodeId: 'se-commit', sideEffectType: 'merge', approvalToken: token });
    expect(again.deny).toMatchObject({ code: 'UNAUTHORIZED', details: { reason: 'token_used' } });
  });
});
