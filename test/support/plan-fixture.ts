import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../src/config/index.js';
import type { Graph } from '../../src/graph/graph.js';
import { PackStore } from '../../src/pack/index.js';
import type { PlanGraph } from '../../src/plan/index.js';
import { PlanService } from '../../src/plan/plan-service.js';
import { mintId, WorkStore } from '../../src/session/index.js';
import { ingestRepository } from '../../ingest/index.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { git } from './agent-loop-fixture.js';
import { setWorkState } from './controller.js';
import { FIXTURE_ROOT } from './extract-fixture.js';

/** Gate steps and a commit gate the plan tests configure (the fixture's own commands, never run here). */
export const PLAN_TEST_GATES: Config['gates'] = {
  defaultTimeoutSeconds: 600,
  profiles: {
    default: {
      modes: {
        fast: [
          { name: 'unit-orders', cmd: ['npx', 'ng', 'test', '--watch=false', '--include', 'projects/host/src/app/orders/**/*.spec.ts'] },
          { name: 'e2e-orders', cmd: ['npx', 'cypress', 'run', '--spec', 'cypress/e2e/orders.cy.ts'], piercesShadowDom: true },
          { name: 'e2e-flaky', cmd: ['npx', 'cypress', 'run'], flaky: true },
        ],
      },
    },
  },
  commitGates: { 'commit-fast': { profile: 'default', mode: 'fast' } },
};

/** Gate steps the golden plans of the eval tasks name (host, remote, type check, shadow-DOM-aware e2e). */
export const GOLDEN_PLAN_GATES: Config['gates'] = {
  defaultTimeoutSeconds: 600,
  profiles: {
    default: {
      modes: {
        fast: [
          { name: 'unit-orders', cmd: ['npx', 'ng', 'test', 'host', '--watch=false', '--include', 'projects/host/src/app/orders/**/*.spec.ts'] },
          { name: 'unit-host', cmd: ['npx', 'ng', 'test', 'host', '--watch=false'] },
          { name: 'unit-remote', cmd: ['npx', 'ng', 'test', 'remote', '--watch=false'] },
          { name: 'typecheck', cmd: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'] },
          { name: 'e2e-orders', cmd: ['npx', 'cypress', 'run', '--spec', 'cypress/e2e/orders.cy.ts'], piercesShadowDom: true },
          { name: 'e2e-host', cmd: ['npx', 'cypress', 'run'], piercesShadowDom: true },
        ],
      },
    },
  },
  commitGates: { 'commit-fast': { profile: 'default', mode: 'fast' } },
};

export const PLAN_TEST_RECIPES: Config['recipes'] = { enabled: ['replace_lexeme_in_file', 'run_targeted_validation'] };

/** A throw-away copy of the fixture workspace (pack files are written under it), with the test gates configured. */
export function copyFixture(): { root: string; dispose(): void } {
  const parent = realpathSync(mkdtempSync(join(tmpdir(), 'gg-plan-')));
  const root = join(parent, 'workspace');
  cpSync(FIXTURE_ROOT, root, { recursive: true });
  mkdirSync(join(root, '.ai', 'config'), { recursive: true });
  writeFileSync(join(root, '.ai', 'config', 'repo.json'), `${JSON.stringify({ gates: PLAN_TEST_GATES }, null, 2)}\n`);
  return { root, dispose: () => rmSync(parent, { recursive: true, force: true }) };
}

/** A copy of the fixture committed on `main` (worktrees are cut from it), ingested under `repoId`. */
export async function ingestedGitFixture(graph: Graph, repoId: string): Promise<{ root: string; dispose(): void }> {
  const fixture = copyFixture();
  git(fixture.root, 'init', '-q', '-b', 'main');
  git(fixture.root, 'add', '-A');
  git(fixture.root, 'commit', '-q', '-m', 'fixture');
  await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId }, totals: false });
  return fixture;
}

export const ORDERS_LIST_TS = 'projects/host/src/app/orders/orders-list/orders-list.component.ts';
export const ORDERS_LIST_HTML = 'projects/host/src/app/orders/orders-list/orders-list.component.html';
export const ORDER_COLUMNS = 'projects/host/src/app/orders/orders-list/order-columns.ts';
export const ORDERS_SERVICE = 'projects/host/src/app/orders/orders.service.ts';
export const EDIT_RENDERER = 'projects/host/src/app/orders/renderers/order-edit-renderer.component.ts';
export const REMOTE_HOME = 'projects/remote/src/app/remote-entry/remote-home.component.ts';
export const BROKEN = 'projects/host/src/app/broken/broken.component.ts';
export const ORDERS_SPEC = 'api/orders.openapi.yaml';

/** The pack the plan tests work in: the orders grid flow, the remote home, the API spec and a broken file. */
export const PACK_FILES = [ORDERS_LIST_TS, ORDERS_LIST_HTML, ORDER_COLUMNS, ORDERS_SERVICE, EDIT_RENDERER, REMOTE_HOME, BROKEN, ORDERS_SPEC];

/** Creates a PLANNING work with a pack of `files` (the pack file goes under `root`). */
export async function startWork(graph: Graph, repoId: string, root: string, files = PACK_FILES): Promise<{ workId: string; packRef: string; packHash: string }> {
  const sessions = new WorkStore({ graph, repoId });
  const work = await sessions.create({ workId: mintId('work'), state: 'PLANNING', runSessionId: mintId('run'), originalPrompt: 'Show the order total before the status in the orders grid', agentId: mintId('agent'), maxTokens: 100_000, thresholdTokens: 60_000 });
  const pack = await new PackStore({ graph, repoId, repoRoot: root }).create({ workId: work.id, files });
  return { workId: work.id, packRef: pack.ref, packHash: pack.hash };
}

/** A PlanService for a fixture copy with the test gates. */
export function planService(graph: Graph, repoId: string, root: string, gates: Config['gates'] = PLAN_TEST_GATES): PlanService {
  return new PlanService({ graph, repoId, worktreeRoot: root, config: { gates, recipes: PLAN_TEST_RECIPES } });
}

/** The envelope values of a work, as its planGraphSchema states them. */
export type EnvelopeValues = Pick<PlanGraph, 'workId' | 'worktreeRoot' | 'repoSnapshotId' | 'contextPackRef' | 'contextPackHash' | 'scopeAllowlistRef' | 'policyVersionSet'>;

const STATUS_LINE = "    { field: 'status', headerName: 'Status', cellRenderer: 'statusRenderer' },";
const TOTAL_LINE = "    { field: 'total', headerName: 'Order total', type: 'numericColumn' },";

/**
 * The golden plan of the fixture's ui_aggrid_feature task ("show the order total before the status
 * in the orders grid"): one change to the column definitions, its validate node and a ticket comment.
 */
export function goldenFixturePlan(envelope: EnvelopeValues, chainId: string): PlanGraph {
  const boundary = (goal: string, outOfScope: string[]) => ({ concerns: ['feature' as const], acceptanceGoal: goal, outOfScope });
  const common = { expectedFailureSignatures: ["Can't bind to 'columnDefs'"], correctionCandidateOnFail: 'Re-read OrdersListComponent.columnDefs and insert the line after the status column again.' };
  return {
    schemaVersion: '2.0.0',
    ...envelope,
    agentId: 'agent-golden',
    runSessionId: 'run-golden',
    knowledgeStrategyId: 'ui_aggrid_feature',
    knowledgeStrategyReasons: [{ reason: 'The task changes the columns of the orders ag-Grid table.', evidenceRefs: [ORDERS_LIST_TS, chainId] }],
    evidencePolicy: { minRequirementSources: 1, minCodeEvidenceSources: 1, minPolicySources: 0, minDistinctSources: 2, allowSingleSourceWithGuard: true, lowEvidenceGuardRules: [], distinctSourceDefinition: 'canonical_source' },
    planFingerprint: 'orders-total-column-v1',
    sourceTraceRefs: ['trace-golden'],
    acceptanceCriteria: [{ criterionId: 'ac-total', statement: 'The orders grid shows an "Order total" column right after the status column.' }],
    proofRefs: [chainId],
    nodes: [
      {
        kind: 'change', nodeId: 'c-total-column', dependsOn: [], ...common,
        atomicityBoundary: boundary('The orders grid shows the order total.', ['the audit grid', 'cell renderers']),
        operation: 'modify', targetFile: ORDERS_LIST_TS, targetSymbols: ['OrdersListComponent.columnDefs'],
        whyThisFile: 'OrdersListComponent.columnDefs defines the columns of the orders grid (lines 20-26).',
        editIntent: {
          instruction: 'Insert the total column definition given in after directly below the status column definition in OrdersListComponent.columnDefs.',
          location: { symbol: 'OrdersListComponent.columnDefs', lineStart: 22, lineEnd: 22, anchorText: STATUS_LINE },
          before: STATUS_LINE,
          after: `${STATUS_LINE}\n${TOTAL_LINE}`,
        },
        citations: [{ sourceType: 'prompt', ref: 'originalPrompt', quote: 'Show the order total before the status in the orders grid' }],
        codeEvidence: [
          { file: ORDERS_LIST_TS, symbol: 'OrdersListComponent', lineStart: 20, lineEnd: 26, observation: 'columnDefs lists the grid columns in display order.' },
          { file: ORDERS_LIST_HTML, lineStart: 3, lineEnd: 9, observation: 'The grid binds [columnDefs]="columnDefs".' },
        ],
        policyRefs: [],
        verificationHooks: [{ hookId: 'h-unit', type: 'gate_step', ref: 'unit-orders', blocking: true, acceptanceCriteriaIds: ['ac-total'], description: 'The orders-list spec finds a column with headerName "Order total" after the status column.' }],
        escalateIf: ['columnDefs no longer contains the status column line'],
      },
      {
        kind: 'validate', nodeId: 'v-total-column', dependsOn: ['c-total-column'], ...common,
        atomicityBoundary: boundary('The new column is verified.', ['other grids']),
        verificationHooks: [{ hookId: 'h-unit', type: 'gate_step', ref: 'unit-orders', blocking: true, acceptanceCriteriaIds: ['ac-total'], description: 'The orders-list spec asserts the "Order total" header follows "Status".' }],
        mapsToNodeIds: ['c-total-column'],
        successCriteria: 'The orders-list spec passes with the new column assertion.',
      },
      {
        kind: 'side_effect', nodeId: 'se-commit', dependsOn: ['v-total-column'], ...common,
        atomicityBoundary: boundary('The change is committed in the work branch.', ['pushing', 'merging']),
        sideEffectType: 'git_commit', sideEffectPayloadRef: 'scratch:commit-message.md', commitGateId: 'commit-fast',
      },
    ],
  };
}

/** The golden fixture plan filled with this work's envelope values (snapshot, pack ref and hash, …). */
export async function goldenPlanFor(plans: PlanService, workId: string, chainId = `chain:aggrid:${ORDERS_LIST_HTML}:3`): Promise<PlanGraph> {
  const schema = await plans.schemaFor(workId);
  return goldenFixturePlan(schema.envelope as unknown as EnvelopeValues, chainId);
}

/** Persists `plan` as accepted for `workId` and moves the work to PLAN_ACCEPTED, as submit_execution_plan does. */
export async function acceptPlan(graph: Graph, repoId: string, plans: PlanService, workId: string, plan: PlanGraph): Promise<void> {
  await graph.writeTx('test', plans.acceptance(workId, plan).write);
  await graph.write(setWorkState, { workId, repoId, state: 'PLAN_ACCEPTED', usedTokens: null, totalNodes: null, completedNodes: null });
}

/**
 * A work opened through a dispatcher's `initialize_work` with the fixture pack, and two plans for it: the
 * golden one (accepted) and its twin whose first change names a gate that does not exist
 * (PLAN_VERIFICATION_WEAK) — the refusal the memory tests turn into friction.
 */
export async function workWithWeakTwin(
  turn: (args: Record<string, unknown>) => Promise<{ workId?: string; agentId?: string }>, graph: Graph, repoId: string, root: string,
): Promise<{ ids: { workId: string; agentId: string }; good: PlanGraph; weak: PlanGraph }> {
  const init = await turn({ verb: 'initialize_work', originalPrompt: 'Show the order total before the status in the orders grid' });
  if (!init.workId || !init.agentId) throw new Error(`initialize_work opened no work: ${JSON.stringify(init).slice(0, 500)}`);
  const ids = { workId: init.workId, agentId: init.agentId };
  await new PackStore({ graph, repoId, repoRoot: root }).create({ workId: ids.workId, files: PACK_FILES });
  const good = goldenFixturePlan((await planService(graph, repoId, root).schemaFor(ids.workId)).envelope as unknown as EnvelopeValues, `chain:aggrid:${ORDERS_LIST_HTML}:3`);
  const weak = structuredClone(good);
  (weak.nodes[0] as Extract<PlanGraph['nodes'][number], { kind: 'change' }>).verificationHooks[0]!.ref = 'npm-test';
  return { ids, good, weak };
}
