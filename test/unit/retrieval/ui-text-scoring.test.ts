import { describe, expect, it } from 'vitest';
import { bestLine, scoreUiTextFiles, termWords, type UiTextRow } from '../../../src/retrieval/lanes/ui-text-scoring.js';

const row = (over: Partial<UiTextRow>): UiTextRow => ({
  hitId: 'k-en', labels: ['Fact', 'TranslationKey'], key: 'WS.DELETE', locale: 'en', text: 'Delete workspace', score: 2,
  fileId: 'f:ws.html', path: 'app/ws.component.html', bytes: 10, via: 'uses', line: 3, owners: [], ...over,
});

describe('ui-text lane scoring', () => {
  const terms = termWords(['delete workspace', 'workspaces']);

  it('counts the locales of one key once, explains with the hit that shows the words, and ranks the component below its template', () => {
    const ranked = scoreUiTextFiles([
      row({ owners: [{ id: 'f:ws.ts', path: 'app/ws.component.ts' }] }),
      row({ hitId: 'k-fr', locale: 'fr', text: "Supprimer l'espace", score: 2.5, owners: [{ id: 'f:ws.ts', path: 'app/ws.component.ts' }] }),
      row({ hitId: 'k2-en', key: 'WS.TITLE', text: 'Your workspaces', score: 1 }),
    ], terms);
    expect(ranked.map((c) => [c.path, c.rawScore, c.reasons])).toEqual([
      ['app/ws.component.html', 2.75, ['shows "Delete workspace" (key WS.DELETE)', 'shows "Your workspaces" (key WS.TITLE)']],
      ['app/ws.component.ts', 2, ['its template ws.component.html shows "Delete workspace" (key WS.DELETE)']],
    ]);
    expect(ranked[0]).toMatchObject({ id: 'f:ws.html', kind: 'file', lane: 'uitext', line: 3, bytes: 10, matched: ['delete workspace'] });
  });

  it('keeps only the best hit of a resource file, at its lower weight, and names the template of text hits', () => {
    const ranked = scoreUiTextFiles([
      row({ via: 'defines', fileId: 'f:en', path: 'i18n/en.json', score: 3 }),
      row({ via: 'defines', fileId: 'f:en', path: 'i18n/en.json', key: 'WS.TITLE', text: 'Your workspaces', score: 3 }),
      row({ hitId: 'u1', labels: ['Fact', 'UiText'], key: null, locale: null, text: 'Filters\nDelete this workspace?', score: 1.5, via: 'text' }),
    ], terms);
    expect(ranked.map((c) => [c.path, c.rawScore, c.reasons])).toEqual([
      ['app/ws.component.html', 1.5, ['shows "Delete this workspace?" in its template text']],
      ['i18n/en.json', 0.9, ['defines "Delete workspace" (key WS.DELETE, en)']],
    ]);
  });

  it('picks the line sharing most query words, cut for display', () => {
    expect(bestLine('Save\nDelete the workspace now\nWorkspaces', new Set(['delete', 'workspace']))).toEqual({ line: 'Delete the workspace now', words: ['delete', 'workspace'] });
    expect(bestLine('x'.repeat(200), new Set(['y'])).line).toHaveLength(80);
    expect(scoreUiTextFiles([], terms)).toEqual([]);
  });
});
