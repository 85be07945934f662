import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTsProjectCache, ingestRepository } from '../../../ingest/index.js';
import type { Graph } from '../../../src/graph/graph.js';
import { buildLexemes } from '../../../src/retrieval/lexemes/index.js';
import { uiTextLane } from '../../../src/retrieval/lanes/index.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { edgesByType, nodesByLabel } from '../../support/ingest-queries.js';
import { removeWorkspace, writeFile, writeWorkspace } from '../../support/mini-workspace.js';

const APP = 'src/app';
const WS_HTML = `${APP}/workspace/workspace-list.component.html`;
const EN = (del: string) => JSON.stringify({
  WORKSPACE: { DELETE: del, TITLE: 'Your workspaces' },
  MENU: { USERS: 'User management', REPORTS: 'Quarterly reports' },
  TOAST: { SAVED: 'Settings saved successfully' },
}, null, 2);
const WS_TEMPLATE = [
  '<h1 [translate]="\'WORKSPACE.TITLE\'"></h1>',
  '<button (click)="remove()">{{ \'WORKSPACE.DELETE\' | translate }}</button>',
  '<p i18n="@@archiveHint">Archived projects are read-only</p>',
  '<input placeholder="Filter by owner">',
].join('\n');
const FILES: Record<string, string> = {
  'src/assets/i18n/en.json': EN('Delete workspace'),
  'src/assets/i18n/fr.json': JSON.stringify({
    WORKSPACE: { DELETE: "Supprimer l'espace", TITLE: 'Vos espaces' },
    MENU: { USERS: 'Gestion des utilisateurs', REPORTS: 'Rapports trimestriels' },
    TOAST: { SAVED: 'Paramètres enregistrés' },
  }, null, 2),
  'src/locale/messages.fr.xlf': [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">',
    '  <file source-language="en" target-language="fr" datatype="plaintext" original="ng2.template"><body>',
    '    <trans-unit id="archiveHint" datatype="html"><source>Archived projects are read-only</source><target>Les projets archivés sont en lecture seule</target></trans-unit>',
    '  </body></file>',
    '</xliff>',
  ].join('\n'),
  'src/assets/config.json': JSON.stringify({ apiUrl: '/api', retries: 3 }),
  [`${APP}/workspace/workspace-list.component.ts`]: [
    "import { Component } from '@angular/core';",
    "@Component({ selector: 'app-workspace-list', templateUrl: './workspace-list.component.html' })",
    'export class WorkspaceListComponent { remove() {} }',
  ].join('\n'),
  [WS_HTML]: WS_TEMPLATE,
  [`${APP}/dashboard/dashboard.component.ts`]: [
    "import { Component } from '@angular/core';",
    '@Component({',
    "  selector: 'app-dashboard',",
    "  template: `<ng-container *transloco=\"let t\"><h2>{{ t('MENU.REPORTS') }}</h2></ng-container>`,",
    '})',
    'export class DashboardComponent {}',
  ].join('\n'),
  [`${APP}/settings/settings.component.ts`]: [
    "import { Component } from '@angular/core';",
    "@Component({ selector: 'app-settings', template: '<form></form>' })",
    'export class SettingsComponent {',
    '  constructor(private translate: TranslateService) {}',
    "  save() { alert(this.translate.instant('TOAST.SAVED')); }",
    '}',
  ].join('\n'),
  [`${APP}/menu.ts`]: "export const MENU = [{ label: 'MENU.USERS', route: '/users' }, { label: 'MENU.AUDIT', route: '/audit' }];\n",
};

describe('ui text: translations and template text become searchable and lead to the files that show them', () => {
  let graph: Graph;
  let root: string;
  const repoId = testNamespace('ingest-ui-text');
  const cache = createTsProjectCache();
  const ingest = (changedPaths?: string[]) => ingestRepository({ graph, root, log: silentLogger, settings: { repoId }, projectCache: cache, changedPaths });
  const nodes = async (label: string) => (await graph.read(nodesByLabel, { repoId, label })).map((n) => n.props as Record<string, unknown>);
  /** `[user file, key, locale]` of every USES_KEY edge. */
  const usesKey = async () => {
    const keys = new Map((await nodes('TranslationKey')).map((k) => [k.id, k]));
    return (await graph.read(edgesByType, { repoId, type: 'USES_KEY' }))
      .map((e) => [e.props.ownerFile, keys.get(e.to)?.key, keys.get(e.to)?.locale])
      .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  };
  const lane = async (prompt: string) => (await uiTextLane({ graph, repoId }, buildLexemes({ prompt }))).candidates;

  beforeAll(async () => {
    graph = openTestGraph();
    root = writeWorkspace(FILES);
    await ingest();
  }, 120_000);
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
    removeWorkspace(root);
  });

  it('writes one TranslationKey per resource file and key of the source locale (fr.json beside en.json is left out; an XLIFF target without its source is kept), never for config JSON', async () => {
    const keys = await nodes('TranslationKey');
    expect(keys.map((k) => `${k.ownerFile}#${k.key}`).sort()).toEqual([
      ...['MENU.REPORTS', 'MENU.USERS', 'TOAST.SAVED', 'WORKSPACE.DELETE', 'WORKSPACE.TITLE'].map((k) => `src/assets/i18n/en.json#${k}`),
      'src/locale/messages.fr.xlf#archiveHint',
    ]);
    expect(keys.find((k) => k.key === 'archiveHint')).toMatchObject({ locale: 'fr', locales: ['en', 'fr'], values: ['Archived projects are read-only', 'Les projets archivés sont en lecture seule'], format: 'xliff-1.2' });
    expect(keys.find((k) => k.key === 'WORKSPACE.DELETE' && k.locale === 'en')).toMatchObject({ values: ['Delete workspace'], text: 'Delete workspace', path: 'src/assets/i18n/en.json', startLine: 3 });
  });

  it('links every usage (pipe, directive, i18n id, transloco, instant(), menu const) to the key of each indexed resource', async () => {
    expect(await usesKey()).toEqual([
      [`${APP}/dashboard/dashboard.component.ts`, 'MENU.REPORTS', 'en'],
      [`${APP}/menu.ts`, 'MENU.USERS', 'en'],
      [`${APP}/settings/settings.component.ts`, 'TOAST.SAVED', 'en'],
      [WS_HTML, 'WORKSPACE.DELETE', 'en'],
      [WS_HTML, 'WORKSPACE.TITLE', 'en'],
      [WS_HTML, 'archiveHint', 'fr'],
    ]);
    const refs = (await nodes('Ref')).filter((r) => r.relType === 'USES_KEY');
    expect(refs.filter((r) => r.status !== 'resolved').map((r) => [r.key, r.status])).toEqual([['i18n:MENU.AUDIT', 'unresolved']]);
  });

  it('indexes every locale with i18nLocales ["*"]; changing the setting re-extracts every file once, a paths-only run only its paths', async () => {
    const allId = `${repoId}-all`;
    const run = (i18nLocales: string[], changedPaths?: string[]) => ingestRepository({ graph, root, log: silentLogger, settings: { repoId: allId, i18nLocales }, changedPaths });
    const keys = async () => (await graph.read(nodesByLabel, { repoId: allId, label: 'TranslationKey' })).map((n) => n.props as Record<string, unknown>);
    try {
      const first = await run(['en']);
      expect(await keys()).toHaveLength(6);
      expect((await run(['*'], ['src/assets/i18n/en.json'])).files.parsed).toBe(0);
      expect(await keys()).toHaveLength(6);
      const changed = await run(['*']);
      expect(changed.files.parsed).toBe(first.files.parsed);
      expect((await keys()).filter((k) => k.key === 'WORKSPACE.DELETE').map((k) => k.locale).sort()).toEqual(['en', 'fr']);
      expect(await keys()).toHaveLength(11);
      expect((await run(['*'])).files.parsed).toBe(0);
    } finally {
      await cleanNamespace(graph, allId);
    }
  });

  it('stores each template\'s static text as UiText', async () => {
    const texts = await nodes('UiText');
    expect(texts.find((t) => t.path === WS_HTML)).toMatchObject({ text: 'Archived projects are read-only\nFilter by owner', inline: false });
  });

  it('finds the template and its component by a translated phrase, template text, and TS usages', async () => {
    const byPhrase = await lane('The "Delete workspace" button does nothing');
    expect(byPhrase[0]).toMatchObject({ path: WS_HTML, kind: 'file', lane: 'uitext' });
    expect(byPhrase[0]?.reasons).toEqual(['shows "Delete workspace" (key WORKSPACE.DELETE)', 'shows "Your workspaces" (key WORKSPACE.TITLE)']);
    expect(byPhrase.map((c) => c.path)).toEqual(expect.arrayContaining([`${APP}/workspace/workspace-list.component.ts`, 'src/assets/i18n/en.json']));
    const ts = byPhrase.find((c) => c.path === `${APP}/workspace/workspace-list.component.ts`);
    expect(ts?.reasons?.[0]).toBe('its template workspace-list.component.html shows "Delete workspace" (key WORKSPACE.DELETE)');
    expect(ts!.rawScore).toBeLessThan(byPhrase[0]!.rawScore);
    const byText = (await lane('filter workspaces by owner'))[0];
    expect(byText?.path).toBe(WS_HTML);
    expect(byText?.reasons?.[0]).toBe('shows "Filter by owner" in its template text');
    expect((await lane('quarterly report shows wrong totals'))[0]?.path).toBe(`${APP}/dashboard/dashboard.component.ts`);
    expect((await lane('message after settings are saved'))[0]?.path).toBe(`${APP}/settings/settings.component.ts`);
    expect(await lane('"Delete workspace"') ).not.toEqual([]);
    const other = await uiTextLane({ graph, repoId: `${repoId}-other` }, buildLexemes({ prompt: 'Delete workspace' }));
    expect(other.candidates).toEqual([]);
  });

  it('follows edits: a changed value, a removed usage, a key that appears later', async () => {
    writeFile(root, 'src/assets/i18n/en.json', EN('Remove workspace'));
    await ingest(['src/assets/i18n/en.json']);
    expect((await lane('Remove workspace'))[0]).toMatchObject({ path: WS_HTML });
    expect((await lane('Remove workspace'))[0]?.reasons?.[0]).toBe('shows "Remove workspace" (key WORKSPACE.DELETE)');
    // The key's own words (WORKSPACE.DELETE) still match; the old text is gone from what it shows.
    expect((await lane('"Delete workspace"')).flatMap((c) => c.reasons ?? []).join('\n')).not.toContain('"Delete workspace"');

    writeFile(root, WS_HTML, WS_TEMPLATE.replace("{{ 'WORKSPACE.DELETE' | translate }}", 'x'));
    await ingest([WS_HTML]);
    expect((await usesKey()).filter((u) => u[0] === WS_HTML).map((u) => u[1])).not.toContain('WORKSPACE.DELETE');
    const after = await lane('Remove workspace');
    expect(after.find((c) => c.path === WS_HTML)?.reasons?.join('\n')).not.toContain('WORKSPACE.DELETE');
    expect(after.find((c) => c.path === 'src/assets/i18n/en.json')?.reasons?.[0]).toBe('defines "Remove workspace" (key WORKSPACE.DELETE, en)');

    writeFile(root, 'src/assets/i18n/en.json', JSON.stringify({ ...JSON.parse(EN('Remove workspace')), MENU: { USERS: 'User management', REPORTS: 'Quarterly reports', AUDIT: 'Audit trail' } }));
    await ingest(['src/assets/i18n/en.json']);
    expect(await usesKey()).toContainEqual([`${APP}/menu.ts`, 'MENU.AUDIT', 'en']);
    expect((await lane('audit trail'))[0]?.path).toBe(`${APP}/menu.ts`);
  });
});
