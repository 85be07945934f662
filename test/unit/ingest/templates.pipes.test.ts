import { describe, expect, it } from 'vitest';
import { templateExtractor } from '../../../ingest/extractors/templates/index.js';
import type { FileFacts } from '../../../ingest/model/facts.js';
import { ids } from '../../../ingest/model/ids.js';
import { validateFacts } from '../../../ingest/write/validate-facts.js';
import { refKey, targetKeys } from '../../../ingest/write/ref-keys.js';
import { memoryWorkspace, REPO_ID } from '../../support/extract-fixture.js';

/** `<from> → pipe name` of every USES_PIPE reference. */
const pipeRefs = (f: FileFacts) => f.refs.filter((r) => r.type === 'USES_PIPE').map((r) => [r.from, r.target.kind === 'pipe' ? r.target.name : r.target.kind]);

describe('templates extractor: pipe usages', () => {
  it('references each pipe an element uses (bindings, text, structural and control-flow expressions) from its Usage', () => {
    const html = [
      '<p class="total">{{ amount | currency: \'EUR\' }} {{ amount | currency }}</p>',
      '<app-badge [label]="order.status | orderStatus: \'short\' | uppercase" (click)="pick(order | json)" [title]="order.total | money"></app-badge>',
      '<li *ngFor="let c of customers$ | async">{{ c.since | date }}</li>',
      '<section>',
      '  @if (audit$ | async; as audit) { <span>{{ audit.when | relativeTime }}</span> }',
      '</section>',
      '{{ title | titlecase }}',
    ].join('\n');
    const facts = memoryWorkspace({ 'a.html': html }).extract('a.html', [templateExtractor]);
    const u = (line: number, col: number) => ids.usage(REPO_ID, 'a.html', line, col);
    expect(pipeRefs(facts)).toEqual([
      [ids.file(REPO_ID, 'a.html'), 'titlecase'],
      [u(1, 1), 'currency'],
      // Pipes in event handlers are a template error in Angular: not referenced.
      [u(2, 1), 'uppercase'], [u(2, 1), 'orderStatus'], [u(2, 1), 'money'],
      [u(3, 1), 'async'], [u(3, 1), 'date'],
      [u(4, 1), 'async'],
      [u(5, 36), 'relativeTime'],
    ]);
    expect(facts.events.map((e) => [e.kind, e.line])).toEqual([['parse_error', 2], ['parse_error', 2]]);
    expect(validateFacts(facts).events).toEqual(facts.events);
  });

  it('owns top-level pipes of an inline template by the component class, and keys pipes by template name', () => {
    const src = "@Component({ selector: 'x', template: '{{ n | money }}' })\nexport class X {}\n";
    const facts = memoryWorkspace({ 'x.ts': src }).extract('x.ts', [templateExtractor]);
    expect(pipeRefs(facts)).toEqual([[ids.symbol(REPO_ID, 'x.ts', 'X'), 'money']]);
    expect(refKey({ kind: 'pipe', name: 'money' })).toBe('pipe:money');
    expect(targetKeys(['Symbol', 'Pipe'], { name: 'MoneyPipe', pipeName: 'money' })).toContain('pipe:money');
  });
});
