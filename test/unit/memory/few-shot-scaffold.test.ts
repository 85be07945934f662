import { describe, expect, it } from 'vitest';
import { nodeDifference, scaffoldFewShot } from '../../../src/memory/friction-candidates.js';

const node = (hooks: string[], extra: Record<string, unknown> = {}) => JSON.stringify({ kind: 'change', nodeId: 'c-1', targetFile: 'src/a.ts', verificationHooks: hooks.map((ref) => ({ kind: 'gate', ref })), ...extra });

describe('few-shot scaffold from a refused node and its accepted fix', () => {
  it('keeps only the fields the fix changed, with nodeId and kind first', () => {
    expect(nodeDifference(node(['npm-test']), node(['unit'], { whyThisFile: 'the grid' }))).toEqual({
      before: '{"nodeId":"c-1","kind":"change","verificationHooks":[{"kind":"gate","ref":"npm-test"}],"whyThisFile":null}',
      after: '{"nodeId":"c-1","kind":"change","verificationHooks":[{"kind":"gate","ref":"unit"}],"whyThisFile":"the grid"}',
    });
  });

  it('gives nothing for an identical pair, unparseable JSON or a missing side', () => {
    expect(nodeDifference(node(['unit']), node(['unit']))).toBeNull();
    expect(nodeDifference('{"kind":', node(['unit']))).toBeNull();
    expect(nodeDifference(undefined, node(['unit']))).toBeNull();
    expect(scaffoldFewShot('PLAN_VERIFICATION_WEAK', 'r:anchor:src/app', { before: [node(['unit'])], after: [node(['unit'])], message: null })).toBeNull();
  });

  it('names the folder and the code, and carries the validator message as whyWrong', () => {
    const shot = JSON.parse(scaffoldFewShot('PLAN_VERIFICATION_WEAK', 'repo-1:anchor:src/app/orders', { before: [node(['npm-test'])], after: [node(['unit'])], message: 'npm-test is not a gate. Fix: use unit' })!) as Record<string, string>;
    expect(shot.instruction).toBe('Plans in src/app/orders were refused with PLAN_VERIFICATION_WEAK; write such a node the way the accepted fix (after) does.');
    expect(shot.whyWrong).toBe('npm-test is not a gate. Fix: use unit');
  });
});
