import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileTextFields, MAX_FIELD_CHARS } from '../../../src/text/file-text.js';
import { repoSearchKey } from '../../../src/text/repo-search-key.js';

const words = (s: string): string[] => s.split(/\s+/).filter(Boolean);

describe('fileTextFields', () => {
  it('splits TypeScript into identifiers, visible text and comments with the compiler scanner', () => {
    const f = fileTextFields('src/app/budget/workspace-list/workspace-list.component.ts', [
      '// shows every workspace',
      "import { Component } from '@angular/core';",
      "@Component({ selector: 'app-workspace-list', template: `<h1>Workspaces ${title} left</h1>` })",
      'export class WorkspaceListComponent { /* budget state filter */ label = "Whatever the budget"; f() { return `a${ {b: 1}.b }tail`; } }',
    ].join('\n'));
    expect(words(f.ftIdents)).toEqual(expect.arrayContaining(['workspacelistcomponent', 'workspace', 'list', 'component', 'title', 'label']));
    expect(words(f.ftIdents)).not.toContain('export');
    expect(f.ftText).toContain('Whatever the budget');
    expect(f.ftText).toContain('@angular/core');
    expect(f.ftText).toContain('<h1>Workspaces ');
    expect(f.ftText).toContain('tail');
    expect(f.ftComments).toContain('shows every workspace');
    expect(f.ftComments).toContain('budget state filter');
    expect(f.ftName).toBe('workspace-list workspace list component');
    expect(f.ftFolders).toBe('src app budget workspace-list workspace list');
  });

  it('reads templates: tags, attribute names and bindings are identifiers; text and literal values are UI text', () => {
    const f = fileTextFields('a/chart.component.html',
      '<!-- legend --><div class="legend-box" [ngClass]="isOpen">The legend overlaps {{ \'CHART.TITLE\' | translate }} {{ pageCount }}<input placeholder="Search pages" (click)="next()"></div>');
    expect(words(f.ftIdents)).toEqual(expect.arrayContaining(['div', 'ngclass', 'isopen', 'is', 'open', 'translate', 'pagecount', 'input', 'next']));
    expect(f.ftText).toContain('legend-box');
    expect(f.ftText).toContain('The legend overlaps');
    expect(f.ftText).toContain('CHART.TITLE');
    expect(f.ftText).toContain('Search pages');
    expect(f.ftText).not.toContain('pageCount');
    expect(f.ftComments).toContain('legend');
  });

  it('reads JSON keys as identifiers and values as text, styles as identifiers with comments apart', () => {
    const json = fileTextFields('src/assets/i18n/en.json', '{"HOME": {"TITLE": "Welcome \\"home\\""}}');
    expect(words(json.ftIdents)).toEqual(['home', 'title']);
    expect(json.ftText).toContain('Welcome');
    const scss = fileTextFields('a/b.component.scss', '/* sticky header */ .legend-box { color: red; } // dark mode\n');
    expect(scss.ftComments).toContain('sticky header');
    expect(scss.ftComments).toContain('dark mode');
    expect(words(scss.ftIdents)).toEqual(expect.arrayContaining(['legend-box', 'legend', 'box', 'color', 'red']));
  });

  it('caps every field and never throws on arbitrary text in any kind of file', () => {
    const huge = fileTextFields('a/big.ts', 'const someIdentifierName = 1;\n'.repeat(20_000));
    expect(huge.ftIdents.length).toBeLessThanOrEqual(MAX_FIELD_CHARS);
    fc.assert(fc.property(fc.string({ maxLength: 400 }), fc.constantFrom('ts', 'html', 'scss', 'json', 'yaml', 'md'), (text, ext) => {
      const f = fileTextFields(`x/y.${ext}`, text);
      return [f.ftIdents, f.ftText, f.ftComments].every((v) => typeof v === 'string' && v.length <= MAX_FIELD_CHARS);
    }), { numRuns: 300 });
  });
});

describe('repoSearchKey', () => {
  it('is one stable token of digits, different per repository', () => {
    expect(repoSearchKey('repo-a')).toMatch(/^\d{17}$/);
    expect(repoSearchKey('repo-a')).toBe(repoSearchKey('repo-a'));
    expect(repoSearchKey('repo-a')).not.toBe(repoSearchKey('repo-b'));
  });
});
