import { describe, expect, it } from 'vitest';
import { buildRetrospective } from '../../../src/memory/retrospective.js';

const turn = (verb: string, outcome: string, denyCodes: string[] = [], files: string[] = []) => ({ verb, outcome, denyCodes, files });

describe('the session retrospective', () => {
  // 8 turns: two plan refusals early, one patch refusal late that a later patch fixed, one read refused.
  const turns = [
    turn('initialize_work', 'ok'),
    turn('read_file_lines', 'ok', [], ['src/app/a.ts']),
    turn('submit_execution_plan', 'denied', ['PLAN_VERIFICATION_WEAK', 'PLAN_ORIGIN_UNKNOWN']),
    turn('submit_execution_plan', 'denied', ['PLAN_VERIFICATION_WEAK']),
    turn('submit_execution_plan', 'ok'),
    turn('apply_code_patch', 'denied', ['INVALID_ARGS'], ['src/app/a.ts']),
    turn('apply_code_patch', 'ok', [], ['src/app/a.ts']),
    turn('read_file_lines', 'denied', ['PATH_REJECTED'], ['../x.ts']),
  ];
  const friction = [
    { code: 'PLAN_VERIFICATION_WEAK', anchor: 'src/app/orders', here: 2, events: 5, works: 3 },
    { code: 'PLAN_ORIGIN_UNKNOWN', anchor: 'src/app/orders', here: 1, events: 1, works: 1 },
    { code: 'PATH_REJECTED', anchor: null, here: 1, events: 2, works: 2 },
  ];

  it('counts refusals per quarter of the turns and names the codes still open at the end', () => {
    const r = buildRetrospective({ turns, friction, memories: [], pending: 0 });
    // quarters of 8 turns: [0,1] [2,3] [4,5] [6,7]
    expect(r.friction.trend).toEqual([0, 2, 1, 1]);
    // the plan and the patch answered ok after their refusals; the read did not
    expect(r.friction.open).toEqual(['PATH_REJECTED']);
  });

  it('ranks signatures by how often the repository saw them and suggests a plan_rule and a few_shot from the threshold on', () => {
    const r = buildRetrospective({ turns, friction, memories: [{ id: 'mem-1', state: 'approved', type: 'plan_rule' }], pending: 2 });
    expect(r.friction.signatures.map((s) => [s.code, s.repoEvents, s.repoWorks])).toEqual([
      ['PLAN_VERIFICATION_WEAK', 5, 3], ['PATH_REJECTED', 2, 2], ['PLAN_ORIGIN_UNKNOWN', 1, 1],
    ]);
    expect(r.suggestions).toEqual([
      'PLAN_VERIFICATION_WEAK in src/app/orders: 5 refusals across 3 works — a plan_rule memory candidate',
      'PLAN_VERIFICATION_WEAK in src/app/orders: a few_shot candidate — the next refusal of it that an accepted plan fixes becomes its before/after',
      'ended with PATH_REJECTED unresolved: name the fix in the summary for the next work',
      "2 pending memories wait for a person's review",
    ]);
    expect(r.memories).toEqual({ applying: [{ id: 'mem-1', state: 'approved', type: 'plan_rule' }], pendingReview: 2 });
  });

  it('lists the files that ok turns named most, once per turn', () => {
    const r = buildRetrospective({ turns, friction: [], memories: [], pending: 0 });
    expect(r.hotspots).toEqual([{ path: 'src/app/a.ts', turns: 2 }]);
  });

  it('is empty but well-formed for a work without turns', () => {
    const r = buildRetrospective({ turns: [], friction: [], memories: [], pending: 0 });
    expect(r.friction).toEqual({ signatures: [], trend: [], open: [] });
    expect(r.suggestions).toEqual([]);
  });
});

describe('the session retrospective with a memory that answers a signature', () => {
  it('names the memories instead of suggesting the same candidates again, and flags the scaffolded ones', () => {
    const friction = [{ code: 'PLAN_VERIFICATION_WEAK', anchor: 'src/app/orders', here: 1, events: 4, works: 4 }];
    const memories = [
      { id: 'mem-rule', state: 'approved', type: 'plan_rule', trigger: 'friction', codes: ['PLAN_VERIFICATION_WEAK'], anchors: ['src/app/orders'] },
      { id: 'mem-shot', state: 'provisional', type: 'few_shot', trigger: 'friction', codes: ['PLAN_VERIFICATION_WEAK'], anchors: ['src/app/orders'] },
      { id: 'mem-other', state: 'pending', type: 'plan_rule', trigger: 'human_override', codes: ['PLAN_VERIFICATION_WEAK'], anchors: ['src/app/users'] },
    ];
    const r = buildRetrospective({ turns: [], friction, memories, pending: 0 });
    expect(r.suggestions).toEqual(['PLAN_VERIFICATION_WEAK in src/app/orders: 4 refusals across 4 works — plan_rule memory mem-rule is approved']);
    expect(r.memories.applying).toEqual([
      { id: 'mem-rule', state: 'approved', type: 'plan_rule', scaffolded: true },
      { id: 'mem-shot', state: 'provisional', type: 'few_shot', scaffolded: true },
      { id: 'mem-other', state: 'pending', type: 'plan_rule' },
    ]);
  });
});
