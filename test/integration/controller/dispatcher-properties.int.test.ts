import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnResponseSchema } from '../../../src/controller/envelope.schema.js';
import { RETIRED_VERBS, RUN_STATES, VERB_NAMES, type RunState } from '../../../src/controller/states.js';
import type { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import type { Graph } from '../../../src/graph/graph.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { int, makeDispatcher, makeFixtureRepo, setWorkState, writeFixtureFacts, type FixtureRepo } from '../../support/controller.js';

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\u200b', '\u202e', '\ud800', '../../etc/passwd', '/etc/passwd', '%2e%2e/x', 'NaN', '-1', 'x'.repeat(5000), '*', '"unbalanced', 'field:value'),
);
const hostileValue = fc.oneof(hostileString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }), fc.object({ maxDepth: 2 }));
const argKeys = fc.constantFrom('filePath', 'startLine', 'endLine', 'symbol', 'kind', 'query', 'relativePath', 'content', 'lexemes', 'summary', 'need', 'planGraph', 'includeSource', 'maxResults', 'unexpected');
const argsArb = fc.oneof(fc.dictionary(argKeys, hostileValue, { maxKeys: 4 }), hostileValue);
const verbArb = fc.oneof(fc.constantFrom(...VERB_NAMES, ...Object.keys(RETIRED_VERBS)), hostileString);

/** Property tests through the real dispatcher and Neo4j (fewer runs than the pure gate tests). */
describe('controller_turn properties (real Neo4j)', () => {
  let graph: Graph;
  let repoId: string;
  let ctl: TurnDispatcher;
  let repo: FixtureRepo;
  const works = new Map<RunState, { workId: string; agentId: string }>();

  beforeAll(async () => {
    graph = openTestGraph();
    repoId = testNamespace('props');
    repo = makeFixtureRepo();
    await writeFixtureFacts(graph, repoId);
    ctl = makeDispatcher(graph, repo.root, repoId);
    for (const state of RUN_STATES.filter((s) => s !== 'UNINITIALIZED')) {
      const init = await ctl.turn({ verb: 'initialize_work', originalPrompt: 'user list' });
      works.set(state, { workId: init.workId!, agentId: init.agentId! });
    }
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    repo.dispose();
    await graph.close();
  });

  async function inState(state: RunState): Promise<Record<string, string>> {
    if (state === 'UNINITIALIZED') return {};
    const w = works.get(state)!;
    const usedTokens = state === 'BLOCKED_BUDGET' ? int(60_000) : int(0);
    await graph.write(setWorkState, { workId: w.workId, repoId, state, usedTokens, totalNodes: int(0), completedNodes: int(0) });
    return w;
  }

  it('never succeeds outside the capability matrix, and every answer is a valid envelope', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...RUN_STATES), verbArb, argsArb, async (state, verb, args) => {
        const ids = await inState(state);
        const response = await ctl.turn({ verb, ...ids, args });
        TurnResponseSchema.parse(response);
        const allowed = new Set(ctl.registry.capabilities(state));
        if (response.outcome !== 'denied') expect(allowed.has(verb)).toBe(true);
        else {
          expect(response.deny?.code).toMatch(/^[A-Z_]+$/);
          expect(response.suggestedAction?.verb).toBeTruthy();
          expect(response.deny?.code).not.toBe('INTERNAL');
        }
      }),
      { numRuns: 150 },
    );
  });

  it('answers any shape of raw arguments with an envelope, never a throw', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything({ maxDepth: 3 }), fc.dictionary(fc.constantFrom('verb', 'workId', 'agentId', 'runSessionId', 'originalPrompt', 'args', 'traceMeta', 'x'), hostileValue)), async (raw) => {
        const response = await ctl.turn(raw);
        TurnResponseSchema.parse(response);
        expect(response.deny?.code).not.toBe('INTERNAL');
      }),
      { numRuns: 100 },
    );
  });
});
