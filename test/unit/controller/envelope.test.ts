import { describe, expect, it } from 'vitest';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { TurnDenial } from '../../../src/controller/deny.js';
import { buildEnvelope } from '../../../src/controller/envelope.js';
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
const deps = { registry: new VerbRegistry(defaultVerbs()), config, repoRoot: '/repo' };
const facts = {
  traceRef: 'trace-1', runSessionId: 'run-1', workId: 'work-1', agentId: 'agent-1', state: 'PLANNING' as const, pack: null,
  work: { id: 'work-1', state: 'PLANNING', version: 3, runSessionId: 'run-1', originalPrompt: 'rename the user list', usedTokens: 120, maxTokens: 100_000, thresholdTokens: 60_000, totalNodes: 0, completedNodes: 0 },
};
const validate = new AjvJsonSchemaValidator().getValidator(CONTROLLER_TOOL.outputSchema as never);

describe('TurnResponse envelope', () => {
  it('pins the shape of a deny', () => {
    const denial = new TurnDenial('PLAN_SCOPE_VIOLATION', {
      message: 'src/x.ts is not in this work\'s context pack.',
      details: { path: 'src/x.ts' },
      suggestedAction: { verb: 'escalate', reason: 'ask for this file to be added to the context pack' },
    });
    const envelope = buildEnvelope({ facts, outcome: 'denied', denial }, deps);
    expect(validate(envelope).valid).toBe(true);
    const { verbDescriptions, ...rest } = envelope;
    expect(Object.keys(verbDescriptions ?? {})).toEqual(envelope.capabilities);
    expect(rest).toMatchInlineSnapshot(`
      {
        "agentId": "agent-1",
        "budgetStatus": {
          "blocked": false,
          "maxTokens": 100000,
          "thresholdTokens": 60000,
          "usedTokens": 120,
        },
        "capabilities": [
          "read_file_lines",
          "lookup_symbol_definition",
          "trace_symbol_graph",
          "search_codebase_text",
          "write_scratch_file",
          "submit_execution_plan",
          "escalate",
          "signal_task_complete",
        ],
        "contextPack": null,
        "deny": {
          "code": "PLAN_SCOPE_VIOLATION",
          "details": {
            "path": "src/x.ts",
          },
          "message": "src/x.ts is not in this work's context pack.",
          "requiresHuman": false,
          "retryable": false,
          "suggestedNextActions": [
            {
              "reason": "ask for this file to be added to the context pack",
              "verb": "escalate",
            },
          ],
        },
        "denyReasons": [
          "PLAN_SCOPE_VIOLATION: src/x.ts is not in this work's context pack.",
        ],
        "knowledgeStrategy": {
          "reasons": [
            "no context pack has selected a strategy yet",
          ],
          "strategyId": "unselected",
        },
        "originalPrompt": "rename the user list",
        "outcome": "denied",
        "progress": {
          "completedNodes": 0,
          "pendingValidations": [],
          "remainingNodes": 0,
          "totalNodes": 0,
        },
        "result": {},
        "runSessionId": "run-1",
        "schemaVersion": "2.0.0",
        "scope": {
          "scratchRoot": ".ai/tmp/work/work-1/scratch",
          "worktreeRoot": "/repo",
        },
        "state": "PLANNING",
        "subAgentHints": {
          "recommended": false,
          "splits": [],
        },
        "suggestedAction": {
          "reason": "ask for this file to be added to the context pack",
          "verb": "escalate",
        },
        "traceRef": "trace-1",
        "workId": "work-1",
      }
    `);
  });

  it('describes each capability with required and optional args', () => {
    const envelope = buildEnvelope({ facts, outcome: 'ok', result: { ok: 1 } }, deps);
    expect(envelope.verbDescriptions?.read_file_lines).toMatchObject({ requiredArgs: ['filePath'], optionalArgs: ['startLine', 'endLine'] });
    expect(envelope.deny).toBeUndefined();
    expect(validate(envelope).valid).toBe(true);
  });

  it('sends the verb catalog only when the allowed verbs change, on request, or with a refusal about the verb', () => {
    const same = buildEnvelope({ facts: { ...facts, stateBefore: 'PLANNING' }, outcome: 'ok', result: {} }, deps);
    expect(same.verbDescriptions).toBeUndefined();
    expect(same.capabilities).toContain('submit_execution_plan');
    expect(validate(same).valid).toBe(true);
    expect(buildEnvelope({ facts: { ...facts, stateBefore: 'PLANNING', describe: true }, outcome: 'ok', result: {} }, deps).verbDescriptions).toBeDefined();
    const moved = buildEnvelope({ facts: { ...facts, state: 'PLAN_ACCEPTED', stateBefore: 'PLANNING' }, outcome: 'ok', result: {} }, deps);
    expect(Object.keys(moved.verbDescriptions ?? {})).toEqual(moved.capabilities);
    const illegal = new TurnDenial('ILLEGAL_TRANSITION', { message: 'apply_code_patch is not allowed in PLANNING.' });
    expect(buildEnvelope({ facts: { ...facts, stateBefore: 'PLANNING' }, outcome: 'denied', denial: illegal }, deps).verbDescriptions).toBeDefined();
    const badArgs = new TurnDenial('INVALID_ARGS', { message: 'bad', problems: [{ path: 'args.filePath', message: 'required' }] });
    expect(buildEnvelope({ facts: { ...facts, stateBefore: 'PLANNING' }, outcome: 'denied', denial: badArgs }, deps).verbDescriptions).toBeUndefined();
    expect(JSON.stringify(same).length).toBeLessThan(JSON.stringify(moved).length - 1500);
  });

  it('hides the message of an unexpected error and marks it for a human', () => {
    const denial = TurnDenial.from(new Error('Neo4jError: secret internals at /home/me/.ssh'));
    const envelope = buildEnvelope({ facts, outcome: 'denied', denial }, deps);
    expect(envelope.deny).toMatchObject({ code: 'INTERNAL', message: 'An internal error occurred.', requiresHuman: true });
    expect(JSON.stringify(envelope)).not.toContain('.ssh');
  });
});
