import { describe, expect, it } from 'vitest';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { TurnDenial } from '../../../src/controller/deny.js';
import { buildEnvelope, type TurnFacts } from '../../../src/controller/envelope.js';
import { defaultVerbs, VerbRegistry } from '../../../src/controller/verb-registry.js';
import { ConfigSchema } from '../../../src/config/index.js';
import { CONTROLLER_TOOL } from '../../../src/mcp/controller-tool.js';

const config = ConfigSchema.parse({
  repo: { id: 'r' },
  mcp: { turnTimeoutMs: 30_000, maxMessageBytes: 4096, maxJsonDepth: 64, maxRequestBytes: 4096 },
  budget: { maxTokens: 100_000, thresholdPercent: 0.6 },
  graph: { autoStartLocal: false },
  limits: { readMaxLines: 400, readMaxFileBytes: 4096, scratchMaxBytes: 4096, searchMaxResults: 10, traceMaxNeighbours: 10, packMaxFiles: 10 },
  gates: { defaultTimeoutSeconds: 600, profiles: {}, commitGates: {} },
  recipes: { enabled: [] },
  locks: { overlapPolicy: 'reject', leaseSeconds: 900 },
});
const registry = new VerbRegistry(defaultVerbs());
const deps = { registry, config, repoRoot: '/home/dev/projects/orders-portal' };
// Ids as mintId makes them (prefix + 16 hex), a pack as PackStore records it: sizes are real.
const pack = {
  id: 'pack-0123456789abcdef', ref: '.ai/tmp/work/work-0123456789abcdef/context-pack.json', hash: `sha256:${'a'.repeat(64)}`,
  fileCount: 12, symbolCount: 40, strategyId: 'ui_aggrid_feature', version: 1,
} as unknown as NonNullable<TurnFacts['pack']>;
const work = {
  id: 'work-0123456789abcdef', state: 'PLANNING', version: 3, runSessionId: 'run-0123456789abcdef',
  originalPrompt: 'Add a Total column to the orders grid, right-aligned and formatted as currency', usedTokens: 21_234, maxTokens: 100_000,
  thresholdTokens: 60_000, totalNodes: 0, completedNodes: 0,
} as unknown as NonNullable<TurnFacts['work']>;
/** A turn on a loaded work whose allowed verbs did not change, sent with the agent's own ids. */
const facts: TurnFacts = {
  traceRef: 'trace-0123456789abcdef', runSessionId: 'run-0123456789abcdef', workId: 'work-0123456789abcdef', agentId: 'agent-0123456789abcdef',
  state: 'PLANNING', stateBefore: 'PLANNING', work, pack, loaded: { pack }, agentAssigned: false,
};
const validate = new AjvJsonSchemaValidator().getValidator(CONTROLLER_TOOL.outputSchema as never);

function envelope(over: Partial<TurnFacts> = {}, extra: { denial?: TurnDenial; result?: Record<string, unknown> } = {}) {
  const built = buildEnvelope({ facts: { ...facts, ...over }, outcome: extra.denial ? 'denied' : 'ok', result: extra.result ?? {}, denial: extra.denial }, deps);
  expect(validate(built).valid, JSON.stringify(validate(built))).toBe(true);
  return built;
}

/** The characters of the envelope beyond `result`, as the model reads them (issue 16 goal: <= 300). */
function beyondResult(built: Record<string, unknown>): number {
  const { result: _result, ...rest } = built;
  return JSON.stringify(rest).length;
}

describe('TurnResponse envelope', () => {
  it('keeps a plain read turn within 300 characters beyond its result', () => {
    const read = envelope({}, { result: { filePath: 'src/app/a.ts', startLine: 1, endLine: 2, lines: ['a', 'b'] } });
    expect(Object.keys(read).sort()).toEqual(['budget', 'outcome', 'result', 'state', 'traceRef', 'workId']);
    expect(read.budget).toEqual({ used: 21_234, limit: 60_000 });
    expect(beyondResult(read)).toBeLessThanOrEqual(300);
  });

  it('sends the identity (runSessionId, agentId, scope, schemaVersion) on the first turn, to a newly assigned agent and on describe', () => {
    const identity = { runSessionId: 'run-0123456789abcdef', agentId: 'agent-0123456789abcdef', scope: { worktreeRoot: deps.repoRoot, scratchRoot: '.ai/tmp/work/work-0123456789abcdef/scratch' }, schemaVersion: '2.0.0' };
    expect(envelope({ stateBefore: 'UNINITIALIZED' })).toMatchObject(identity);
    expect(envelope({ agentAssigned: true })).toMatchObject(identity);
    expect(envelope({ describe: true })).toMatchObject(identity);
    const plain = envelope();
    for (const key of Object.keys(identity)) expect(plain).not.toHaveProperty(key);
  });

  it('echoes originalPrompt only with describe: true', () => {
    expect(envelope({ stateBefore: 'UNINITIALIZED' })).not.toHaveProperty('originalPrompt');
    expect(envelope({ describe: true }).originalPrompt).toBe(work.originalPrompt);
  });

  it('sends capabilities and verbDescriptions only when the allowed verbs change, on request, or with a refusal about the verb', () => {
    const same = envelope();
    expect(same.capabilities).toBeUndefined();
    expect(same.verbDescriptions).toBeUndefined();
    const first = envelope({ stateBefore: 'UNINITIALIZED' });
    expect(first.capabilities).toEqual(registry.capabilities('PLANNING'));
    expect(Object.keys(first.verbDescriptions ?? {})).toEqual(first.capabilities);
    expect(first.verbDescriptions?.read_file_lines).toMatchObject({ requiredArgs: ['filePath'], optionalArgs: ['startLine', 'endLine'] });
    expect(envelope({ describe: true }).capabilities).toEqual(registry.capabilities('PLANNING'));
    const moved = envelope({ state: 'PLAN_ACCEPTED' });
    expect(moved.capabilities).toEqual(registry.capabilities('PLAN_ACCEPTED'));
    // Only the newly allowed verbs are described: the others came with an earlier list.
    const planning = registry.capabilities('PLANNING');
    expect(Object.keys(moved.verbDescriptions ?? {})).toEqual(moved.capabilities?.filter((v) => !planning.includes(v)));
    expect(Object.keys(moved.verbDescriptions ?? {}).length).toBeGreaterThan(0);
    const illegal = new TurnDenial('ILLEGAL_TRANSITION', { message: 'apply_code_patch is not allowed in PLANNING.' });
    expect(envelope({}, { denial: illegal }).capabilities).toEqual(registry.capabilities('PLANNING'));
    const unknownVerb = new TurnDenial('INVALID_ARGS', { message: 'unknown verb', problems: [{ path: 'verb', message: 'unknown verb' }] });
    expect(envelope({}, { denial: unknownVerb }).verbDescriptions).toBeDefined();
    const badArgs = new TurnDenial('INVALID_ARGS', { message: 'bad', problems: [{ path: 'args.filePath', message: 'required' }] });
    expect(envelope({}, { denial: badArgs }).capabilities).toBeUndefined();
  });

  it('sends knowledgeStrategy when the turn selected one; the pack’s on describe', () => {
    expect(envelope()).not.toHaveProperty('knowledgeStrategy');
    const selected = { strategyId: 'ui_aggrid_feature', reasons: ['grid task'] };
    expect(envelope({ knowledgeStrategy: selected }).knowledgeStrategy).toEqual(selected);
    expect(envelope({ describe: true }).knowledgeStrategy).toEqual({ strategyId: 'ui_aggrid_feature', reasons: ['selected when context pack pack-0123456789abcdef was built'] });
    expect(envelope({ describe: true, pack: null, loaded: null }).knowledgeStrategy?.strategyId).toBe('unselected');
  });

  it('sends subAgentHints only when splitting is recommended', () => {
    expect(envelope({ subAgentHints: { recommended: false, splits: [] } })).not.toHaveProperty('subAgentHints');
    expect(envelope({ subAgentHints: { recommended: true, splits: ['host', 'remote'] } }).subAgentHints).toEqual({ recommended: true, splits: ['host', 'remote'] });
  });

  it('sends progress only when the verb reported it, without an empty pending list', () => {
    expect(envelope()).not.toHaveProperty('progress');
    expect(envelope({ progress: { totalNodes: 3, completedNodes: 1, remainingNodes: 2, pendingValidations: [] } }).progress).toEqual({ totalNodes: 3, completedNodes: 1, remainingNodes: 2 });
    const pending = [{ nodeId: 'v-1', status: 'not_started' }];
    expect(envelope({ progress: { totalNodes: 3, completedNodes: 1, remainingNodes: 2, pendingValidations: pending } }).progress?.pendingValidations).toEqual(pending);
    expect(envelope({ describe: true }).progress).toEqual({ totalNodes: 0, completedNodes: 0, remainingNodes: 0 });
  });

  it('sends contextPack when the turn built it, on the first turn and on describe', () => {
    const ref = { id: pack.id, ref: pack.ref, hash: pack.hash, fileCount: 12, symbolCount: 40 };
    expect(envelope()).not.toHaveProperty('contextPack');
    expect(envelope({ stateBefore: 'UNINITIALIZED' }).contextPack).toEqual(ref);
    expect(envelope({ describe: true }).contextPack).toEqual(ref);
    const escalated = { ...pack, id: 'pack-fedcba9876543210', ref: '.ai/tmp/work/work-0123456789abcdef/context-pack.v2.json' };
    expect(envelope({ pack: escalated }).contextPack?.id).toBe('pack-fedcba9876543210');
    expect(envelope({ pack: null, loaded: null, describe: true })).not.toHaveProperty('contextPack');
  });

  it('marks a used-up budget as blocked', () => {
    expect(envelope({ work: { ...work, usedTokens: 60_000 } }).budget).toEqual({ used: 60_000, limit: 60_000, blocked: true });
  });

  it('pins the shape of a deny: said once, problems not repeated in details', () => {
    const denial = new TurnDenial('PLAN_SCOPE_VIOLATION', {
      message: 'src/x.ts is not in this work\'s context pack.',
      details: { path: 'src/x.ts' },
      suggestedAction: { verb: 'escalate', reason: 'ask for this file to be added to the context pack' },
    });
    expect(envelope({}, { denial })).toMatchInlineSnapshot(`
      {
        "budget": {
          "limit": 60000,
          "used": 21234,
        },
        "deny": {
          "code": "PLAN_SCOPE_VIOLATION",
          "details": {
            "path": "src/x.ts",
          },
          "message": "src/x.ts is not in this work's context pack.",
          "retryable": false,
          "suggestedNextActions": [
            {
              "reason": "ask for this file to be added to the context pack",
              "verb": "escalate",
            },
          ],
        },
        "outcome": "denied",
        "result": {},
        "state": "PLANNING",
        "suggestedAction": {
          "reason": "ask for this file to be added to the context pack",
          "verb": "escalate",
        },
        "traceRef": "trace-0123456789abcdef",
        "workId": "work-0123456789abcdef",
      }
    `);
    const problems = [{ path: 'verb', message: 'unknown verb; allowed now: read_file_lines' }];
    const unknown = envelope({}, { denial: new TurnDenial('INVALID_ARGS', { message: 'Unknown verb rm_rf.', details: { problems }, problems }) });
    expect(unknown.deny?.problems).toEqual(problems);
    expect(unknown.deny?.details).toEqual({});
    expect(unknown).not.toHaveProperty('denyReasons');
    const config = TurnDenial.from(new TurnDenial('INVALID_CONFIG', { message: 'bad repo.json', details: { problems: [{ key: 'evidencePolicy', problem: 'too small' }] } }));
    expect(envelope({}, { denial: config }).deny?.details).toEqual({ problems: [{ key: 'evidencePolicy', problem: 'too small' }] });
  });

  it('hides the message of an unexpected error and marks it for a human', () => {
    const denial = TurnDenial.from(new Error('Neo4jError: secret internals at /home/me/.ssh'));
    const built = envelope({}, { denial });
    expect(built.deny).toMatchObject({ code: 'INTERNAL', message: 'An internal error occurred.', requiresHuman: true });
    expect(JSON.stringify(built)).not.toContain('.ssh');
  });
});
