import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ambiguityFindings, findVaguePhrase } from '../../../src/plan/checks/weak-model.rules.js';
import { isGenericHookDescription } from '../../../src/plan/checks/verification.check.js';
import type { ChangeNode } from '../../../src/plan/index.js';
import { boundName, introducedTags, scanCustomTags } from '../../../src/plan/text/template-tags.js';
import { goldenPlan } from './support/golden-plan.js';

const detail = (): ChangeNode => structuredClone(goldenPlan().nodes[1]) as ChangeNode;

describe('weak-model ambiguity rules', () => {
  it.each([
    'Update the template accordingly.',
    'Fix as needed.',
    'Rename the inputs, outputs, etc.',
    'Adjust the bindings where appropriate.',
    'Somehow make the alert show.',
    'Clean up the component.',
    'Handle it like the other grid.',
    'Make it work with the new alert.',
  ])('flags "%s"', (instruction) => {
    expect(findVaguePhrase(instruction)).not.toBeNull();
  });

  it.each([
    'Replace the adp-alert element on lines 3-5 with the sdf-alert element given in after.',
    'Change the alertSeverity declaration to the value warning, exactly as in after.',
    'Delete the import of AdpAlertModule on line 7.',
    'Leave the rest of the template unchanged and set severity to warning.',
    'Set the padding of .stale to 12px.',
  ])('does not flag "%s"', (instruction) => {
    expect(findVaguePhrase(instruction)).toBeNull();
  });

  it('names each missing piece a weak executor would have to invent', () => {
    const node = detail();
    node.editIntent = { instruction: 'Replace the severity value.', location: { lineStart: 9, lineEnd: 3 } };
    expect(ambiguityFindings(node).map((f) => f.rule)).toEqual(['inverted_line_range', 'no_replacement']);
    node.operation = 'delete';
    node.editIntent = { instruction: 'Remove the severity property.', location: { symbol: 'OrderDetailComponent.other' } };
    expect(ambiguityFindings(node).map((f) => f.rule)).toEqual(['location_not_targeted', 'no_replacement']);
  });

  it.each(['x = 1; // TODO', '<sdf-alert>...</sdf-alert>\n...\n', 'const a = /* ... */;', '<!-- ... -->', 'value: [insert value here]', 'x = …'])('flags the placeholder in %j', (after) => {
    const node = detail();
    node.editIntent.after = after;
    expect(ambiguityFindings(node).map((f) => f.rule)).toContain('placeholder_replacement');
  });

  it('accepts the spread operator and real code', () => {
    const node = detail();
    node.editIntent.after = 'const merged = { ...defaults, ...overrides };';
    expect(ambiguityFindings(node)).toEqual([]);
  });

  it('flags a modify that changes nothing', () => {
    const node = detail();
    node.editIntent.after = node.editIntent.before;
    expect(ambiguityFindings(node).map((f) => f.rule)).toEqual(['no_op_edit']);
  });
});

describe('generic verification descriptions', () => {
  it.each(['run tests', 'Run the tests.', 'npm test', 'tests pass', 'verify', 'make sure it works', 'run all unit tests', 'lint passes'])('treats "%s" as generic', (d) => {
    expect(isGenericHookDescription(d)).toBe(true);
  });
  it.each(['The orders-table spec finds one sdf-alert and no adp-alert.', 'GET /api/orders/42 returns severity warning'])('accepts "%s"', (d) => {
    expect(isGenericHookDescription(d)).toBe(false);
  });
});

describe('template tag scanner', () => {
  it('finds custom elements and their attribute names, skipping quoted values', () => {
    const found = scanCustomTags('<div><sdf-alert severity="a > b" [heading]="t" (sdfDismiss)="x()" *ngIf="ok" #ref class=\'c\' dismissible></sdf-alert><adp-x/>');
    expect(found).toEqual([
      { tag: 'sdf-alert', attributes: ['severity', '[heading]', '(sdfDismiss)', '*ngIf', '#ref', 'class', 'dismissible'] },
      { tag: 'adp-x', attributes: [] },
    ]);
  });

  it('maps attribute syntax to bound names', () => {
    expect(['severity', '[heading]', '(sdfDismiss)', '[(value)]', '*ngIf', '#ref', 'class', 'aria-label', '[attr.role]', 'bind-tone'].map(boundName)).toEqual([
      { name: 'severity', event: false }, { name: 'heading', event: false }, { name: 'sdfDismiss', event: true }, { name: 'value', event: false },
      null, null, null, null, null, { name: 'tone', event: false },
    ]);
  });

  it('counts introductions, not mentions', () => {
    expect(introducedTags('<adp-a></adp-a>', '<adp-a></adp-a><adp-b>', 'adp-')).toEqual(['adp-b']);
    expect(introducedTags('<adp-a>', '<adp-a><adp-a>', 'adp-')).toEqual(['adp-a']);
    expect(introducedTags('<adp-a>', '<sdf-a>', 'adp-')).toEqual([]);
  });

  it('never throws and stays fast on arbitrary text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 2000 }), (text) => {
      for (const { tag } of scanCustomTags(text)) expect(tag).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)+$/);
    }), { numRuns: 300 });
    const hostile = '<a-b '.repeat(4000) + '"'.repeat(2000);
    const started = Date.now();
    scanCustomTags(hostile);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
