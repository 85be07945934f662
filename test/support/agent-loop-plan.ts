import type { PlanGraph } from '../../src/plan/index.js';
import { CHECK_STEP } from './agent-loop-fixture.js';
import type { EnvelopeValues } from './plan-fixture.js';

export const ORDERS_LIST_TS = 'projects/host/src/app/orders/orders-list/orders-list.component.ts';
export const ORDERS_LIST_HTML = 'projects/host/src/app/orders/orders-list/orders-list.component.html';
export const ORDER_COLUMNS = 'projects/host/src/app/orders/orders-list/order-columns.ts';
export const ORDER_LINK_RENDERER = 'projects/host/src/app/orders/renderers/order-link-renderer.component.ts';
export const ORDERS_ROUTING = 'projects/host/src/app/orders/orders-routing.module.ts';

/** The task the agent-loop plan executes; every part maps to one change node. */
export const LOOP_PROMPT = "In the orders grid show the order total before the status, render the order link cell as a button, rename the order edit route to ':id/change' and name the orders route table orderRoutes";
export const LOOP_LEXEMES = ['orders-list', 'OrdersListComponent', 'OrdersRoutingModule', 'OrderLinkRendererComponent', 'order-columns'];

/** Fixture lines the plan quotes (before/after of each edit). */
export const LINES = {
  status: "    { field: 'status', headerName: 'Status', cellRenderer: 'statusRenderer' },",
  total: "    { field: 'total', headerName: 'Order total', type: 'numericColumn' },",
  helpersImport: "import { textColumn } from '../grid/column-helpers';",
  helpersImportEsm: "import { textColumn } from '../grid/column-helpers.js';",
  whoHeader: "    headerName: 'Who',",
  actorHeader: "    headerName: 'Actor',",
  linkTemplate: '  template: `<a class="order-link" (click)="open()">{{ orderId }}</a>`,',
  buttonTemplate: '  template: `<button class="order-link" (click)="open()">{{ orderId }}</button>`,',
  editRoute: "  { path: ':id/edit', component: OrderDetailComponent, data: { mode: 'edit' } },",
  changeRoute: "  { path: ':id/change', component: OrderDetailComponent, data: { mode: 'edit' } },",
  routesConst: 'const routes: Routes = [',
  orderRoutesConst: 'const orderRoutes: Routes = [',
} as const;

const AC = { grid: 'ac-grid', routes: 'ac-routes' } as const;

/** Hook on the fixture's own test (tools/check-routes.mjs through `npm test`). */
const checkHook = (hookId: string, criteria: string[], description: string) =>
  ({ hookId, type: 'gate_step' as const, ref: CHECK_STEP, blocking: true, acceptanceCriteriaIds: criteria, description });

interface ChangeSpec {
  nodeId: string;
  file: string;
  /** A symbol the ingested file defines; none for top-level statements (imports, module-private consts). */
  symbol?: string;
  line: number;
  before: string;
  after: string;
  instruction: string;
  criterion: string;
  dependsOn?: string[];
  observation: string;
}

function changeNode(spec: ChangeSpec) {
  return {
    kind: 'change' as const, nodeId: spec.nodeId, dependsOn: spec.dependsOn ?? [],
    atomicityBoundary: { concerns: ['feature' as const], acceptanceGoal: spec.instruction, outOfScope: ['other grids', 'other route tables'] },
    expectedFailureSignatures: ['FAIL projects/host/src/app/orders'],
    correctionCandidateOnFail: `Re-read ${spec.file} around line ${spec.line} and apply the edit to the exact anchor line again.`,
    operation: 'modify' as const, targetFile: spec.file, targetSymbols: spec.symbol ? [spec.symbol] : [],
    whyThisFile: `${spec.file} line ${spec.line} holds the text this part of the task changes.`,
    editIntent: { instruction: spec.instruction, location: { ...(spec.symbol ? { symbol: spec.symbol } : {}), lineStart: spec.line, lineEnd: spec.line, anchorText: spec.before }, before: spec.before, after: spec.after },
    citations: [{ sourceType: 'prompt' as const, ref: 'originalPrompt', quote: LOOP_PROMPT }],
    codeEvidence: [{ file: spec.file, ...(spec.symbol ? { symbol: spec.symbol } : {}), lineStart: spec.line, lineEnd: spec.line, observation: spec.observation }],
    policyRefs: [],
    verificationHooks: [checkHook(`h-${spec.nodeId}`, [spec.criterion], `tools/check-routes.mjs reports 0 failed checks for ${spec.file.split('/').pop()} after the edit.`)],
    escalateIf: [`${spec.file} no longer contains the anchor line`],
  };
}

/**
 * The agent-loop plan: six change nodes (replace_text, the four codemods, replace_lexeme_in_file) and
 * two validate nodes running the fixture's own test — one as a gate_step hook, one through the
 * run_targeted_validation recipe.
 */
export function agentLoopPlan(envelope: EnvelopeValues, chainId: string): PlanGraph {
  const validateCommon = { expectedFailureSignatures: ['FAIL projects/host/src/app/orders'], correctionCandidateOnFail: 'Read the failing check in the gate output and patch the named file again.' };
  return {
    schemaVersion: '2.0.0',
    ...envelope,
    agentId: 'agent-loop',
    runSessionId: 'run-loop',
    knowledgeStrategyId: 'ui_aggrid_feature',
    knowledgeStrategyReasons: [{ reason: 'The task changes the columns and cells of the orders ag-Grid table and its routes.', evidenceRefs: [ORDERS_LIST_TS, chainId] }],
    evidencePolicy: { minRequirementSources: 1, minCodeEvidenceSources: 1, minPolicySources: 0, minDistinctSources: 2, allowSingleSourceWithGuard: true, lowEvidenceGuardRules: [], distinctSourceDefinition: 'canonical_source' },
    planFingerprint: 'orders-grid-and-routes-v1',
    sourceTraceRefs: ['trace-loop'],
    acceptanceCriteria: [
      { criterionId: AC.grid, statement: 'The orders grid shows "Order total" after "Status", the audit grid says "Actor", and the order link cell is a button.' },
      { criterionId: AC.routes, statement: "The order edit route is ':id/change' in a route table named orderRoutes." },
    ],
    proofRefs: [chainId],
    nodes: [
      changeNode({
        nodeId: 'c-total-column', file: ORDERS_LIST_TS, symbol: 'OrdersListComponent.columnDefs', line: 22, before: LINES.status, after: `${LINES.status}\n${LINES.total}`, criterion: AC.grid,
        instruction: 'Insert the total column definition given in after directly below the status column definition in OrdersListComponent.columnDefs.',
        observation: 'columnDefs lists the grid columns in display order; status is line 22.',
      }),
      changeNode({
        nodeId: 'c-helpers-import', file: ORDER_COLUMNS, line: 3, before: LINES.helpersImport, after: LINES.helpersImportEsm, criterion: AC.grid,
        instruction: "Change the module specifier of the textColumn import from '../grid/column-helpers' to '../grid/column-helpers.js'.",
        observation: 'order-columns.ts imports textColumn from ../grid/column-helpers on line 3.',
      }),
      changeNode({
        nodeId: 'c-actor-header', file: ORDER_COLUMNS, symbol: 'buildAuditColumns', line: 23, before: LINES.whoHeader, after: LINES.actorHeader, criterion: AC.grid, dependsOn: ['c-helpers-import'],
        instruction: "Replace the header name 'Who' of the actor column in buildAuditColumns with 'Actor'.",
        observation: "The actor column of the audit grid has headerName 'Who' on line 23.",
      }),
      changeNode({
        nodeId: 'c-link-button', file: ORDER_LINK_RENDERER, symbol: 'OrderLinkRendererComponent', line: 9, before: LINES.linkTemplate, after: LINES.buttonTemplate, criterion: AC.grid,
        instruction: 'Rename the a element of the OrderLinkRendererComponent inline template to button, keeping its class, click binding and content.',
        observation: 'The inline template renders the order id in an a element with a click binding (line 9).',
      }),
      changeNode({
        nodeId: 'c-change-route', file: ORDERS_ROUTING, line: 10, before: LINES.editRoute, after: LINES.changeRoute, criterion: AC.routes,
        instruction: "Change the route path literal ':id/edit' to ':id/change' in the orders route table.",
        observation: "The orders route table declares ':id/edit' for OrderDetailComponent on line 10.",
      }),
      changeNode({
        nodeId: 'c-route-table', file: ORDERS_ROUTING, line: 7, before: LINES.routesConst, after: LINES.orderRoutesConst, criterion: AC.routes, dependsOn: ['c-change-route'],
        instruction: 'Rename the route table constant routes to orderRoutes, in its declaration and in RouterModule.forChild.',
        observation: 'routes is declared on line 7 and passed to RouterModule.forChild on line 14.',
      }),
      {
        kind: 'validate', nodeId: 'v-orders-grid', dependsOn: ['c-total-column', 'c-helpers-import', 'c-actor-header', 'c-link-button'], ...validateCommon,
        atomicityBoundary: { concerns: ['feature'], acceptanceGoal: 'The grid changes are verified by the workspace test.', outOfScope: ['routes'] },
        verificationHooks: [checkHook('h-grid', [AC.grid], 'tools/check-routes.mjs reports every template balanced and every check passed (exit 0, JUnit without failures).')],
        mapsToNodeIds: ['c-total-column', 'c-helpers-import', 'c-actor-header', 'c-link-button'],
        successCriteria: 'npm test of the workspace exits 0 and its JUnit report has no failures.',
      },
      {
        kind: 'validate', nodeId: 'v-orders-routes', dependsOn: ['c-change-route', 'c-route-table'], ...validateCommon,
        atomicityBoundary: { concerns: ['feature'], acceptanceGoal: 'The route changes are verified by the workspace test.', outOfScope: ['grid'] },
        verificationHooks: [{ hookId: 'h-routes', type: 'recipe', ref: 'run_targeted_validation', params: { step: CHECK_STEP }, blocking: true, acceptanceCriteriaIds: [AC.routes], description: 'tools/check-routes.mjs finds orderRoutes declared for RouterModule.forChild and every route path well-formed.' }],
        mapsToNodeIds: ['c-change-route', 'c-route-table'],
        successCriteria: 'npm test of the workspace exits 0 with the renamed route table.',
      },
      {
        kind: 'side_effect', nodeId: 'se-commit', dependsOn: ['v-orders-grid', 'v-orders-routes'], ...validateCommon,
        atomicityBoundary: { concerns: ['feature'], acceptanceGoal: 'The verified changes are committed on the work branch.', outOfScope: ['pushing', 'merging'] },
        sideEffectType: 'git_commit', sideEffectPayloadRef: 'artifact:se-commit', commitGateId: 'commit-fast',
      },
      {
        kind: 'side_effect', nodeId: 'se-review', dependsOn: ['se-commit'], ...validateCommon,
        atomicityBoundary: { concerns: ['feature'], acceptanceGoal: 'A reviewer gets the diff, the gate results and the proof chains used.', outOfScope: ['merging'] },
        sideEffectType: 'review_bundle', sideEffectPayloadRef: 'artifact:se-review', commitGateId: 'commit-fast',
      },
    ],
  } as PlanGraph;
}
