import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLexemes, computeContextSignature, contextSignatureSchema, type ContextSignature, type JiraFields } from '../../../src/retrieval/index.js';

function signatureOf(prompt: string, jira?: JiraFields): ContextSignature {
  return computeContextSignature({ prompt, lexemes: buildLexemes({ prompt, jira: jira ?? null }), jira: jira ?? null }).signature;
}

describe('computeContextSignature', { timeout: 60_000 }, () => {
  it.each<[string, Partial<ContextSignature>]>([
    ['Migrate the dashboard from <adp-data-table> to <sdf-table>', { migrationAdpDetected: true, touchesShadowDom: true, taskTypeGuess: 'migration' }],
    ['Replace adp components with sdf ones on the settings page', { migrationAdpDetected: true }],
    ['Fix the tooltip on adp-button', { migrationAdpDetected: false }],
    ['Add a cell renderer that links to the order detail route', { mentionsAgGrid: true, taskTypeGuess: 'ui_feature' }],
    ['Add a Status column to the orders table', { mentionsAgGrid: true }],
    ['Show the grid', { mentionsAgGrid: false }],
    ['The remote entry of the orders micro-frontend fails to load', { crossesFederationBoundary: true, taskTypeGuess: 'debug' }],
    ['Add a field to the POST /api/orders payload per the swagger spec', { hasSwagger: true, contractAnchorPresent: true, taskTypeGuess: 'api_contract' }],
    ['Extend OrderDto with a currency', { contractAnchorPresent: true }],
    ['"TypeError: x is undefined" when saving an order', { taskTypeGuess: 'debug' }],
    ['Implement PROJ-77', { hasJira: true }],
    ['Update order-list.component.spec.ts too', { testConfidenceLevel: 2 }],
    ['Make sure unit tests pass', { testConfidenceLevel: 1 }],
    ['Use ::part and slot styling in the shadow DOM of the card', { touchesShadowDom: true }],
    ['hello', { taskTypeGuess: 'unknown', hasJira: false, hasSwagger: false, mentionsAgGrid: false, testConfidenceLevel: 0 }],
  ])('%s', (prompt, expected) => {
    expect(signatureOf(prompt)).toMatchObject(expected);
  });

  it('uses Jira fields', () => {
    const s = signatureOf('', { key: 'SHOP-1', summary: 'Orders grid column sorting is broken', labels: ['ag-grid'] });
    expect(s).toMatchObject({ hasJira: true, mentionsAgGrid: true, taskTypeGuess: 'debug' });
  });

  it('lets graph hints set features the prompt cannot know', () => {
    const { signature, reasons } = computeContextSignature({
      prompt: 'Add export', lexemes: [], graph: { federationBoundary: true, agGridTables: 2, contractAnchors: 1, testConfidence: 3 },
    });
    expect(signature).toMatchObject({ crossesFederationBoundary: true, mentionsAgGrid: true, contractAnchorPresent: true, testConfidenceLevel: 3 });
    expect(reasons.find((r) => r.feature === 'testConfidenceLevel')?.evidence).toEqual(['graph: coverage grade high']);
  });

  it('explains every feature, in a fixed order', () => {
    const { reasons } = computeContextSignature({ prompt: 'Migrate <adp-x> to <sdf-x>', lexemes: buildLexemes({ prompt: 'Migrate <adp-x> to <sdf-x>' }) });
    expect(reasons.map((r) => r.feature)).toEqual([
      'hasJira', 'hasSwagger', 'mentionsAgGrid', 'touchesShadowDom', 'crossesFederationBoundary', 'migrationAdpDetected',
      'contractAnchorPresent', 'testConfidenceLevel', 'taskTypeGuess',
    ]);
    expect(reasons.find((r) => r.feature === 'migrationAdpDetected')?.evidence).toEqual(['cue "migrate"', 'legacy tag adp-x', 'target tag sdf-x']);
  });

  it('is deterministic, schema-valid and never throws on arbitrary input', () => {
    fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 400 }), fc.string({ unit: 'binary', maxLength: 400 })), (prompt) => {
      const lexemes = buildLexemes({ prompt });
      const a = computeContextSignature({ prompt, lexemes });
      const b = computeContextSignature({ prompt, lexemes: [...lexemes].reverse() });
      expect(contextSignatureSchema.parse(a.signature)).toEqual(a.signature);
      expect(b).toEqual(a);
    }), { numRuns: 200 });
  });

  it('handles a 100 KB prompt with control and bidi characters', () => {
    const prompt = `ag-grid \u0000\u202E\uD800 ${'error in the orders grid '.repeat(4000)}`;
    const { signature } = computeContextSignature({ prompt, lexemes: buildLexemes({ prompt }) });
    expect(signature.mentionsAgGrid).toBe(true);
  });
});
