import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLexemes, buildTaskSpec, taskSpecSchema } from '../../../src/retrieval/index.js';

describe('buildTaskSpec', () => {
  const prompt = [
    'Replace adp-button with sdf-button on the orders page. Do not change the routing.',
    'Keep the existing export behaviour.',
    '- the button keeps its label',
    '2) disabled state is preserved',
    "Don't touch adp-button in the admin area.",
  ].join('\n');

  it('quotes constraint sentences, normalises criteria and reports conflicts', () => {
    const jira = { key: 'SHOP-1', summary: 'Buttons', acceptanceCriteria: ['* Given a user, when saving, then a toast shows', 'the button keeps its label'] };
    const spec = buildTaskSpec({ prompt, jira, agentLexemes: ['sdf-button'], lexemes: buildLexemes({ prompt, jira }) });
    expect(spec.quotedConstraints).toEqual([
      'Do not change the routing.',
      'Keep the existing export behaviour.',
      "Don't touch adp-button in the admin area.",
    ]);
    expect(spec.acceptanceCriteria).toEqual(['Given a user, when saving, then a toast shows', 'the button keeps its label', 'disabled state is preserved']);
    expect(spec.conflicts).toEqual([{
      between: ['prompt asks for "adp-button"', 'prompt excludes "adp-button"'],
      description: '"adp-button" is both requested and excluded; the exclusion is applied (matches are penalised) until the conflict is resolved',
    }]);
    expect(spec.jira).toEqual({ key: 'SHOP-1', summary: 'Buttons' });
    expect(taskSpecSchema.parse(spec)).toEqual(spec);
  });

  it('reports a conflict between the agent and the prompt', () => {
    const spec = buildTaskSpec({ prompt: 'Leave the legacy grid alone, without legacy', agentLexemes: ['legacy'], lexemes: [] });
    expect(spec.conflicts.map((c) => c.between)).toEqual([['agent+prompt asks for "legacy"', 'prompt excludes "legacy"']]);
  });

  it('is schema-valid for arbitrary text', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (p) => {
      taskSpecSchema.parse(buildTaskSpec({ prompt: p, lexemes: buildLexemes({ prompt: p }) }));
    }), { numRuns: 100 });
  });
});
