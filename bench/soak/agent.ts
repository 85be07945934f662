import type { PlanGraph } from '../../src/plan/index.js';
import type { EnvelopeValues } from '../../test/support/plan-fixture.js';
import { agentLoopPlan, LINES, LOOP_LEXEMES, LOOP_PROMPT, ORDER_COLUMNS, ORDER_LINK_RENDERER, ORDERS_LIST_HTML, ORDERS_LIST_TS, ORDERS_ROUTING } from '../../test/support/agent-loop-plan.js';
import type { McpAgent, TurnLike } from './client.js';
import { CHECK_STEP } from './fixture.js';
import { hostileCalls, type HostileCall } from './hostile.js';
import type { Recorder } from './recorder.js';
import { sleep, type KillCoordinator, type KillRecord } from './faults.js';

/** Retryable codes that mean "the graph or a concurrent writer, try again", not "your plan is wrong". */
const TRANSIENT = new Set(['GRAPH_UNAVAILABLE', 'TIMEOUT', 'VERSION_CONFLICT']);
const LEASE = 'EXEC_SIDE_EFFECT_COLLISION';

export interface AgentEnv {
  index: number;
  rec: Recorder;
  spawn(label: string, extraEnv?: Record<string, string>): Promise<McpAgent>;
  /** Epoch ms after which the agent stops waiting and reports. */
  deadline: number;
  rng: () => number;
  /** Pause before each call, a random [min, max] ms: the time a model thinks between turns. */
  thinkMs: [number, number];
  /** Rounds of the four read verbs before planning (each verb once per round). */
  readRounds: number;
  hostile: boolean;
  kill: KillCoordinator | null;
  /** Works of all agents, for the hostile call naming another work. */
  works: Array<{ workId: string; agentId: string }>;
  /** Called after each applied patch (the db fault starts from here). */
  onPatched(): void;
}

export interface AgentOutcome {
  index: number;
  workId: string | null;
  agentId: string | null;
  /** The state the last answer reported. */
  lastState: string | null;
  completed: boolean;
  /** Why the loop stopped early, if it did. */
  error: string | null;
  leaseRefusals: number;
  /** Plan resubmissions sent as the cheap `{ retryPlanId }` form. */
  cheapPlanRetries: number;
  /** Lease refusals that kept no plan, so the whole plan had to be sent again (each costs its size in tokens). */
  planResends: number;
  /** Refusals of the known-good plan for anything but a lease or a transient outage. */
  goodPlanRejections: string[];
  /** Steps whose answer was not what the loop expects (non-fatal ones included). */
  unexpected: string[];
  hostile: { sent: number; refused: number; notRefused: string[]; codes: Record<string, number> };
  kill: KillRecord | null;
}

class Fatal extends Error {}

const chainId = `chain:aggrid:${ORDERS_LIST_HTML}:3`;

/** The agent loop of test/e2e/agent-loop.e2e.test.ts, played by an agent that waits and retries like a real one. */
export class SoakAgent {
  private proc!: McpAgent;
  private ids = { workId: '', agentId: '' };
  private generation = 0;
  readonly out: AgentOutcome;

  constructor(private readonly env: AgentEnv) {
    this.out = { index: env.index, workId: null, agentId: null, lastState: null, completed: false, error: null, leaseRefusals: 0, cheapPlanRetries: 0, planResends: 0, goodPlanRejections: [], unexpected: [], hostile: { sent: 0, refused: 0, notRefused: [], codes: {} }, kill: null };
  }

  async run(): Promise<AgentOutcome> {
    try {
      this.proc = await this.env.spawn(this.label());
      await this.loop();
    } catch (error) {
      this.out.error = error instanceof Error ? error.message : String(error);
    } finally {
      await this.proc?.close();
    }
    return this.out;
  }

  private label(): string {
    return `agent-${this.env.index}-p${this.generation++}`;
  }

  private async call(args: Record<string, unknown>): Promise<TurnLike> {
    const [min, max] = this.env.thinkMs;
    if (max > 0) await sleep(min + this.env.rng() * (max - min));
    const r = await this.proc.turn(this.env.rec, this.env.index, this.ids.workId || null, args);
    if (!r.res) throw new Fatal(`${String(args.verb)}: the call failed (${r.error})`);
    this.out.lastState = r.res.state;
    return r.res;
  }

  private backoff(attempt: number): number {
    return Math.min(8000, 500 * 2 ** attempt) * (0.75 + this.env.rng() * 0.5);
  }

  /** Waits as the deny says (retryAfterMs) or with a capped exponential backoff; false past the deadline. */
  private async wait(res: TurnLike, attempt: number, until: number): Promise<boolean> {
    const hinted = res.deny?.details.retryAfterMs;
    const ms = typeof hinted === 'number' && hinted >= 0 ? hinted : this.backoff(attempt);
    if (Date.now() + ms > until) return false;
    await sleep(ms);
    return true;
  }

  /** Calls until the answer is not a retryable refusal (or `until` passes); the last answer is returned. */
  private async persist(args: Record<string, unknown>, until = this.env.deadline, codes: string[] = []): Promise<TurnLike> {
    for (let attempt = 0; ; attempt++) {
      const res = await this.call(args);
      if (res.outcome !== 'denied' || !res.deny?.retryable) return res;
      codes.push(res.deny.code);
      if (res.deny.code === LEASE) this.out.leaseRefusals++;
      if (!(await this.wait(res, attempt, until))) return res;
    }
  }

  private expectOk(step: string, res: TurnLike, fatal = true): TurnLike {
    if (res.outcome === 'ok') return res;
    const why = `${step}: ${res.outcome} ${res.deny?.code ?? ''} ${(res.deny?.message ?? '').slice(0, 160)}`.trim();
    this.out.unexpected.push(why);
    if (fatal) throw new Fatal(why);
    return res;
  }

  private async loop(): Promise<void> {
    const init = this.expectOk('initialize_work', await this.persist({ verb: 'initialize_work', originalPrompt: LOOP_PROMPT, args: { lexemes: LOOP_LEXEMES } }));
    this.ids = { workId: init.workId!, agentId: init.agentId! };
    this.env.rec.attribute(init.traceRef, this.ids.workId);
    Object.assign(this.out, this.ids);
    this.env.works.push(this.ids);
    const schema = init.result.planGraphSchema as { envelope: EnvelopeValues; strategyId?: string };
    const plan: PlanGraph = { ...agentLoopPlan(schema.envelope, chainId), knowledgeStrategyId: schema.strategyId ?? 'ui_aggrid_feature' };

    // Reads an agent makes before planning.
    const reads: Array<[string, Record<string, unknown>]> = [
      ['read_file_lines', { filePath: ORDERS_LIST_TS, startLine: 1, endLine: 40 }],
      ['lookup_symbol_definition', { symbol: 'OrdersListComponent' }],
      ['trace_symbol_graph', { filePath: ORDERS_ROUTING }],
      ['search_codebase_text', { query: 'orderId' }],
    ];
    for (let round = 0; round < this.env.readRounds; round++) {
      for (const [verb, args] of reads) this.expectOk(verb, await this.persist({ verb, ...this.ids, args }), false);
    }

    const hostile = this.env.hostile ? hostileCalls(this.ids, this.env.works.find((w) => w.workId !== this.ids.workId) ?? null) : null;
    if (hostile) await this.hostile(hostile.planning);

    // A plan with two defects (a hook on an unconfigured step, two unordered edits of one file): must be rejected for them.
    const bad = structuredClone(plan);
    const node = (id: string) => bad.nodes.find((n) => n.nodeId === id) as unknown as { dependsOn: string[]; verificationHooks: Array<{ ref: string }> };
    node('c-link-button').verificationHooks[0]!.ref = 'npm-test';
    node('c-route-table').dependsOn = [];
    const rejected = await this.persist({ verb: 'submit_execution_plan', ...this.ids, args: { planGraph: bad } });
    if (rejected.deny?.code !== 'PLAN_VERIFICATION_WEAK') this.out.unexpected.push(`bad plan: expected PLAN_VERIFICATION_WEAK, got ${rejected.outcome} ${rejected.deny?.code ?? ''}`);

    await this.submitGoodPlan(plan);
    if (hostile) await this.hostile(hostile.accepted);

    await this.patch('c-total-column', ORDERS_LIST_TS, { type: 'replace_text', oldText: LINES.status, newText: `${LINES.status}\n${LINES.total}` });
    await this.patch('c-helpers-import', ORDER_COLUMNS, { type: 'ast_codemod', codemod: 'update_import_specifier', params: { moduleSpecifier: '../grid/column-helpers', newModuleSpecifier: '../grid/column-helpers.js' } });
    await this.patch('c-link-button', ORDER_LINK_RENDERER, { type: 'ast_codemod', codemod: 'rewrite_template_tag', params: { from: 'a', to: 'button' } });
    await this.patch('c-change-route', ORDERS_ROUTING, { type: 'ast_codemod', codemod: 'update_route_path_literal', params: { from: ':id/edit', to: ':id/change' } });
    await this.patch('c-route-table', ORDERS_ROUTING, { type: 'replace_text', oldText: LINES.routesConst, newText: LINES.orderRoutesConst });
    // The partial rename must fail the workspace test; the codemod then finishes it.
    const failing = this.expectOk('gate after the partial rename', await this.recipe('v-orders-routes', 'run_targeted_validation', { step: CHECK_STEP }, 'gate-1'));
    if (failing.result.passed !== false) this.out.unexpected.push('gate after the partial rename: expected passed=false');
    await this.patch('c-route-table', ORDERS_ROUTING, { type: 'ast_codemod', codemod: 'rename_identifier_in_file', params: { from: 'routes', to: 'orderRoutes' } }, 'rename');
    this.expectOk('replace_lexeme_in_file', await this.recipe('c-actor-header', 'replace_lexeme_in_file', { file: ORDER_COLUMNS, from: 'Who', to: 'Actor', expectedCount: 1 }, 'lexeme'));
    for (const [nodeId, tag] of [['v-orders-grid', 'gate-2'], ['v-orders-routes', 'gate-3']] as const) {
      const gate = this.expectOk(`gate ${nodeId}`, await this.recipe(nodeId, 'run_targeted_validation', { step: CHECK_STEP }, tag));
      if (gate.result.passed !== true) throw new Fatal(`gate ${nodeId}: expected passed=true`);
    }
    this.expectOk('git_commit', await this.persist({ verb: 'execute_gated_side_effect', ...this.ids, args: { planNodeId: 'se-commit', sideEffectType: 'git_commit', operationId: this.op('commit') } }));
    this.expectOk('review_bundle', await this.persist({ verb: 'execute_gated_side_effect', ...this.ids, args: { planNodeId: 'se-review', sideEffectType: 'review_bundle', operationId: this.op('review') } }));
    const done = this.expectOk('signal_task_complete', await this.persist({ verb: 'signal_task_complete', ...this.ids, args: { summary: 'soak: grid column, link button, route rename done, verified and committed' } }));
    this.out.completed = done.state === 'COMPLETED';
  }

  private op(tag: string): string {
    return `op-soak-${this.ids.workId.slice(-12)}-${tag}`;
  }

  /** Submits the known-good plan until accepted: lease refusals wait (cheaply by retryPlanId when offered), any other refusal is recorded. */
  private async submitGoodPlan(plan: PlanGraph): Promise<void> {
    const full = { verb: 'submit_execution_plan', ...this.ids, args: { planGraph: plan } };
    let args: Record<string, unknown> = full;
    for (let attempt = 0, other = 0; ; attempt++) {
      if (args !== full) this.out.cheapPlanRetries++;
      const res = await this.call(args);
      if (res.outcome === 'ok' && res.state === 'PLAN_ACCEPTED') return;
      const code = res.deny?.code ?? res.outcome;
      if (code === LEASE) {
        this.out.leaseRefusals++;
        // Follow the refusal's advice as an agent would: the suggested call names the kept plan.
        const retryPlanId = res.suggestedAction?.args?.retryPlanId ?? res.deny?.details.planId;
        args = typeof retryPlanId === 'string' ? { verb: 'submit_execution_plan', ...this.ids, args: { retryPlanId } } : full;
        if (args === full) this.out.planResends++;
      } else if (TRANSIENT.has(code)) {
        // An outage or a concurrent writer: not a verdict on the plan.
      } else if (args !== full) {
        this.out.unexpected.push(`retryPlanId refused with ${code}; resubmitting the whole plan`);
        args = full;
      } else {
        this.out.goodPlanRejections.push(`${code}: ${(res.deny?.message ?? '').slice(0, 160)}`);
        if (code === 'BUDGET_EXHAUSTED' || ++other >= 5) throw new Fatal(`known-good plan refused with ${code} (${this.out.leaseRefusals} lease refusals before)`);
      }
      if (!(await this.wait(res, Math.min(attempt, 4), this.env.deadline))) throw new Fatal(`plan not accepted before the deadline (${this.out.leaseRefusals} lease refusals, last ${code})`);
    }
  }

  private recipe(planNodeId: string, recipeId: string, params: Record<string, unknown>, tag: string): Promise<TurnLike> {
    const dir = `.ai/tmp/work/${this.ids.workId}/artifacts/${planNodeId}`;
    return this.persist({ verb: 'run_automation_recipe', ...this.ids, args: { recipeId, planNodeId, params, artifactBundleRef: dir, diffSummaryRef: `${dir}/diff.summary.json`, operationId: this.op(tag) } });
  }

  private async patch(planNodeId: string, targetFile: string, edit: Record<string, unknown>, tag = planNodeId): Promise<void> {
    const args = { verb: 'apply_code_patch', ...this.ids, args: { planNodeId, targetFile, edits: [edit], operationId: this.op(tag) } };
    const kill = this.env.kill;
    const res = kill?.claim(this.env.index) ? await this.killedPatch(kill, args) : await this.persist(args);
    this.expectOk(`apply_code_patch ${planNodeId}`, res);
    if (res.result.applied !== true) throw new Fatal(`apply_code_patch ${planNodeId}: not applied`);
    this.env.onPatched();
  }

  /** The kill fault: SIGKILL this agent's process during the patch, then resume the work from a new process with the same operationId. */
  private async killedPatch(kill: KillCoordinator, args: Record<string, unknown>): Promise<TurnLike> {
    const record: KillRecord = { agent: this.env.index, workId: this.ids.workId, operationId: String((args.args as { operationId: string }).operationId), mode: kill.mode, delayMs: null, diedMidCall: false, resumed: false, resumeCodes: [], resumeMs: 0, freshOperation: null, claimAfterKill: null };
    this.out.kill = record;
    if (kill.mode === 'failpoint') {
      // Between two turns: a new process armed to kill itself at that step of the patch.
      await this.proc.close();
      this.proc = await this.env.spawn(this.label(), { GRAPHGATE_FAILPOINT: kill.failpoint });
      const r = await this.proc.turn(this.env.rec, this.env.index, this.ids.workId, args);
      record.diedMidCall = !r.res;
    } else {
      record.delayMs = Math.round(kill.minDelayMs + this.env.rng() * (kill.maxDelayMs - kill.minDelayMs));
      const pending = this.proc.turn(this.env.rec, this.env.index, this.ids.workId, args);
      await sleep(record.delayMs);
      this.proc.kill();
      record.diedMidCall = !(await pending).res;
    }
    this.proc.kill();
    await this.proc.close();
    record.claimAfterKill = await kill.claimStatus(this.ids.workId, record.operationId).catch((error: unknown) => `unknown (${String(error).slice(0, 60)})`);
    this.proc = await this.env.spawn(this.label());
    const started = Date.now();
    const res = await this.persist(args, Math.min(this.env.deadline, started + kill.resumeTimeoutMs), record.resumeCodes);
    record.resumeMs = Date.now() - started;
    record.resumed = res.outcome === 'ok';
    if (!record.resumed) {
      // What an agent tries next: the same edit under a new operationId.
      const fresh = await this.call({ ...args, args: { ...(args.args as object), operationId: `${record.operationId}-fresh` } });
      record.freshOperation = fresh.outcome === 'ok' ? 'ok' : `${fresh.deny?.code ?? fresh.outcome}: ${(fresh.deny?.message ?? '').slice(0, 120)}`;
      if (fresh.outcome === 'ok') return fresh;
      throw new Fatal(`killed work did not resume within ${kill.resumeTimeoutMs} ms (retries answered ${[...new Set(record.resumeCodes)].join(', ') || res.deny?.code})`);
    }
    return res;
  }

  /** Sends each hostile call (retrying only outage refusals) and counts the ones refused with a deny code. */
  private async hostile(calls: HostileCall[]): Promise<void> {
    for (const call of calls) {
      this.out.hostile.sent++;
      // Kept apart from the loop's verbs so their latencies measure the loop only.
      const r = await this.proc.turn(this.env.rec, this.env.index, this.ids.workId, call.args, '(hostile)');
      let res = r.res;
      for (let attempt = 0; res?.deny && TRANSIENT.has(res.deny.code) && attempt < 6; attempt++) {
        await sleep(this.backoff(attempt));
        res = (await this.proc.turn(this.env.rec, this.env.index, this.ids.workId, call.args, '(hostile)')).res;
      }
      if (res?.outcome === 'denied' && res.deny?.code) {
        this.out.hostile.refused++;
        this.out.hostile.codes[res.deny.code] = (this.out.hostile.codes[res.deny.code] ?? 0) + 1;
      } else {
        this.out.hostile.notRefused.push(`${call.label}: ${res ? res.outcome : `no envelope (${r.error?.slice(0, 80)})`}`);
      }
    }
  }
}
