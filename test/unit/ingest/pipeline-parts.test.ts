import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anchorChain, anchorOf, anchorRows } from '../../../ingest/pipeline/anchors.js';
import { hashRepoKey, normaliseRemote } from '../../../ingest/pipeline/repo-identity.js';
import { chunk, groupBy } from '../../../ingest/write/batches.js';
import { validateFacts } from '../../../ingest/write/validate-facts.js';
import { prepareFile, refNodeOf } from '../../../ingest/write/prepare-rows.js';
import { NO_DEPS } from '../../../ingest/pipeline/known-files.js';
import { fileTextFields } from '../../../src/text/file-text.js';
import type { SourceInfo } from '../../../ingest/pipeline/read-files.js';

describe('batching', () => {
  it('chunks keep every row once, in order, within the size', () => {
    fc.assert(fc.property(fc.array(fc.integer()), fc.integer({ min: 1, max: 50 }), (rows, size) => {
      const parts = chunk(rows, size);
      expect(parts.flat()).toEqual(rows);
      expect(parts.every((p) => p.length >= 1 && p.length <= size)).toBe(true);
    }));
    expect(() => chunk([1], 0)).toThrow();
  });

  it('groups by key in first-seen order', () => {
    expect([...groupBy(['a1', 'b1', 'a2'], (s) => s[0])]).toEqual([['a', ['a1', 'a2']], ['b', ['b1']]]);
  });
});

describe('domain anchors', () => {
  it('cuts folders at the depth and before excluded names', () => {
    expect(anchorOf('src/app/orders/list/x.ts', 3, [])).toBe('src/app/orders');
    expect(anchorOf('src/assets/icons/a.svg', 3, ['assets'])).toBe('src');
    expect(anchorOf('package.json', 3, [])).toBe('.');
    expect(anchorChain('src/app')).toEqual(['.', 'src', 'src/app']);
  });

  it('builds each anchor once with parent CONTAINS child edges', () => {
    const { nodes, contains } = anchorRows('r', 's', ['src/a', 'src/b', 'src/a']);
    expect(nodes.map((n) => n.props.path)).toEqual(['.', 'src', 'src/a', 'src/b']);
    expect(contains).toHaveLength(3);
  });
});

describe('repo identity', () => {
  it('normalises remotes across protocols and drops credentials', () => {
    const forms = ['git@github.com:Org/App.git', 'https://user:s3cret@github.com/Org/App', 'ssh://git@github.com/org/app.git', 'https://github.com/org/app/'];
    expect(new Set(forms.map(normaliseRemote))).toEqual(new Set(['github.com/org/app']));
    expect(normaliseRemote('https://user:s3cret@github.com/Org/App')).not.toContain('s3cret');
    expect(hashRepoKey('github.com/org/app')).toMatch(/^repo-[0-9a-f]{16}$/);
  });
});

describe('fact validation and row preparation', () => {
  const source: SourceInfo = { path: 'src/a.ts', kind: 'ts', size: 1, sha256: 'x'.repeat(64), blob: 'y'.repeat(40), executable: false, text: 'a' };

  it('drops labels and relationship types outside the allowlists as events', () => {
    const facts = validateFacts({
      path: 'src/a.ts',
      nodes: [{ id: 'n1', labels: ['Symbol'], props: { name: 'A', id: 'hijack', nested: { a: 1 } as never } }, { id: 'n2', labels: ['Admin' as never], props: {} }],
      edges: [{ type: 'DELETE_ALL' as never, from: 'n1', to: 'n1' }],
      refs: [],
      events: [],
    });
    expect(facts.nodes).toEqual([{ id: 'n1', labels: ['Symbol'], props: { name: 'A' } }]);
    expect(facts.events.map((e) => e.kind)).toEqual(['skipped', 'skipped', 'skipped']);
  });

  it('keeps edges inside the file and turns edges into other files into id references', () => {
    const prepared = prepareFile('r', 's', source, {
      path: 'src/a.ts',
      nodes: [{ id: 'r:sym:src/a.ts#A', labels: ['Symbol'], props: { name: 'A' } }],
      edges: [{ type: 'DEFINES', from: 'r:file:src/a.ts', to: 'r:sym:src/a.ts#A' }, { type: 'TEMPLATES', from: 'r:sym:src/a.ts#A', to: 'r:file:src/a.html' }],
      refs: [],
      events: [{ kind: 'parse_error', parser: 'p', path: 'src/a.ts', message: 'boom' }],
    }, 'src', NO_DEPS, fileTextFields(source.path, source.text));
    expect(prepared.edges.map((e) => e.type)).toEqual(['IN_ANCHOR', 'DEFINES', 'REPORTED_IN']);
    expect(prepared.refs).toEqual([expect.objectContaining({ relType: 'TEMPLATES', key: 'id:r:file:src/a.html', target: { kind: 'id', id: 'r:file:src/a.html' } })]);
    expect(prepared.nodes.map((n) => n.labels[0])).toEqual(['File', 'Symbol', 'ParseEvent', 'Ref']);
    expect(prepared.nodes.every((n) => n.props.ownerFile === 'src/a.ts' && n.props.repoId === 'r' && n.props.snapshotId === 's')).toBe(true);
  });

  it('a first ingest leaves the Ref nodes out of the rows and builds each one, the same, when the link step asks', () => {
    const facts = {
      path: 'src/a.ts',
      nodes: [{ id: 'r:sym:src/a.ts#A', labels: ['Symbol' as const], props: { name: 'A' } }],
      edges: [{ type: 'TEMPLATES' as const, from: 'r:sym:src/a.ts#A', to: 'r:file:src/a.html' }],
      refs: [{ type: 'USES_SELECTOR' as const, from: 'r:sym:src/a.ts#A', target: { kind: 'selector' as const, selector: 'app-b', attrs: ['x'] }, props: { line: 3 } }],
      events: [],
    };
    const whole = prepareFile('r', 's', source, facts, 'src', NO_DEPS, fileTextFields(source.path, source.text));
    const deferred = prepareFile('r', 's', source, facts, 'src', NO_DEPS, fileTextFields(source.path, source.text), { deferRefNodes: true });
    expect(deferred.nodes.map((n) => n.labels[0])).toEqual(['File', 'Symbol']);
    expect(deferred.refs).toEqual(whole.refs);
    expect(deferred.refs).toHaveLength(2);
    const built = deferred.refs.map((ref) => refNodeOf({ ref, base: deferred.base }));
    expect(built).toEqual(whole.nodes.filter((n) => n.labels.includes('Ref')));
    expect(built.map((n) => n.props.ownerFile)).toEqual(['src/a.ts', 'src/a.ts']);
  });
});
