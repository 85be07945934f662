import { describe, expect, it } from 'vitest';
import { translationResourcesExtractor, translationKeyId } from '../../../../ingest/extractors/i18n/index.js';
import { isJsonResourceCandidate, isLocaleTag, resourcePathInfo } from '../../../../ingest/extractors/i18n/resource-paths.js';
import type { FileFacts } from '../../../../ingest/model/facts.js';
import { validateFacts } from '../../../../ingest/write/validate-facts.js';
import { refKey, targetKeys } from '../../../../ingest/write/ref-keys.js';
import { memoryWorkspace, REPO_ID } from '../../../support/extract-fixture.js';

const extract = (path: string, text: string): FileFacts => memoryWorkspace({ [path]: text }).extract(path, [translationResourcesExtractor]);
const keys = (f: FileFacts) => f.nodes.filter((n) => n.labels[0] === 'TranslationKey').map((n) => n.props);
const events = (f: FileFacts) => f.events.map((e) => [e.kind, e.line ?? null, e.message]);

describe('i18n resources: which files are translations', () => {
  it('takes translation folders and locale-named files, never configuration JSON', () => {
    for (const p of ['src/assets/i18n/en.json', 'src/assets/i18n/admin/fr-FR.json', 'apps/web/src/locale/messages.json', 'i18n/en/common.json', 'src/de.json', 'src/assets/messages.fr.json', 'src/assets/i18n/pt-BR.json5']) {
      expect(isJsonResourceCandidate(p), p).toBe(true);
    }
    for (const p of ['package.json', 'src/app/app.json', 'tsconfig.json', 'src/assets/i18n/package.json', 'angular.json', 'src/assets/config.json', 'src/app/settings.json5']) {
      expect(isJsonResourceCandidate(p), p).toBe(false);
    }
    expect([isLocaleTag('en'), isLocaleTag('pt_BR'), isLocaleTag('zh-Hans'), isLocaleTag('app'), isLocaleTag('xx')]).toEqual([true, true, true, false, false]);
  });

  it('reads locale and scope from the path (transloco scope folders camelCased, namespace files in locale folders)', () => {
    expect(resourcePathInfo('src/assets/i18n/en-us.json')).toEqual({ locale: 'en-US' });
    expect(resourcePathInfo('src/assets/i18n/admin-page/fr.json')).toEqual({ locale: 'fr', scope: 'adminPage' });
    expect(resourcePathInfo('src/assets/i18n/de/common.json')).toEqual({ locale: 'de', scope: 'common' });
    expect(resourcePathInfo('src/locale/messages.fr.xlf')).toEqual({ locale: 'fr' });
    expect(resourcePathInfo('src/locale/messages.xlf')).toEqual({});
  });

  it('does not read a JSON file under i18n/ whose values are not mostly strings', () => {
    const facts = extract('src/assets/i18n/settings-x.json', JSON.stringify({ a: 1, b: true, c: [1, 2], d: 'x' }));
    expect(facts.nodes).toEqual([]);
    expect(facts.events).toEqual([]);
  });
});

describe('i18n resources: JSON', () => {
  it('flattens ngx-translate / transloco JSON to dotted keys with lines, locale and scoped key', () => {
    const text = '{\n  "HOME": {\n    "TITLE": "Welcome home",\n    "DELETE": "Delete workspace"\n  },\n  "n": 3,\n  "flat.key": "Flat",\n  "E": ""\n}\n';
    const facts = extract('src/assets/i18n/admin/en.json', text);
    expect(keys(facts)).toEqual([
      expect.objectContaining({ key: 'HOME.TITLE', scopedKey: 'admin.HOME.TITLE', locale: 'en', locales: ['en'], values: ['Welcome home'], text: 'Welcome home', format: 'json', path: 'src/assets/i18n/admin/en.json', startLine: 3, endLine: 3 }),
      expect.objectContaining({ key: 'HOME.DELETE', values: ['Delete workspace'], startLine: 4 }),
      expect.objectContaining({ key: 'flat.key', values: ['Flat'], startLine: 7 }),
      expect.objectContaining({ key: 'E', values: [''], text: '' }),
    ]);
    expect(facts.nodes[0]?.id).toBe(translationKeyId(REPO_ID, 'src/assets/i18n/admin/en.json', 'HOME.TITLE'));
    expect(facts.nodes[0]?.searchText).toBeUndefined();
    expect(facts.events).toEqual([]);
    expect(validateFacts(facts).events).toEqual([]);
  });

  it('reads JSON5 translations (DSpace): comments, commented-out keys and trailing commas', () => {
    const text = [
      '{',
      '  // "401.help": "You are not authorized to access this page.",',
      '  "401.unauthorized": "Nicht autorisiert",',
      '  /* a block',
      '     of two lines */',
      '  "menu": { "items": ["a", "b",], "home": "Startseite", },',
      '}',
      '',
    ].join('\n');
    const facts = extract('src/assets/i18n/de.json5', text);
    expect(keys(facts).map((k) => [k.key, k.values, k.locale, k.startLine])).toEqual([
      ['401.unauthorized', ['Nicht autorisiert'], 'de', 3],
      ['menu.items.0', ['a'], 'de', 6],
      ['menu.items.1', ['b'], 'de', 6],
      ['menu.home', ['Startseite'], 'de', 6],
    ]);
    expect(facts.events).toEqual([]);
    expect(events(extract('src/assets/i18n/de.json5', '{ "A": "x" /* never closed'))).toEqual([['parse_error', 1, 'unterminated comment at line 1']]);
  });

  it('reads `ng extract-i18n --format=json` and ARB, with their locale', () => {
    const ng = extract('src/locale/messages.json', JSON.stringify({ locale: 'en-US', translations: { welcome: 'Hello {$INTERPOLATION}', '8246': 'Save' } }));
    expect(keys(ng).map((k) => [k.key, k.locale, k.format, k.values])).toEqual([['8246', 'en-US', 'ng-json', ['Save']], ['welcome', 'en-US', 'ng-json', ['Hello {$INTERPOLATION}']]]);
    const arb = extract('lib/l10n/app_de.json', JSON.stringify({ '@@locale': 'de', save: 'Speichern', '@save': { description: 'x' } }));
    expect(keys(arb).map((k) => [k.key, k.locale, k.format])).toEqual([['save', 'de', 'arb']]);
  });

  it('reports broken JSON, duplicate keys, deep nesting and long values instead of failing', () => {
    expect(events(extract('src/assets/i18n/en.json', '{ "A": "x", "B": '))).toEqual([['parse_error', 1, 'unexpected end at line 1']]);
    expect(keys(extract('src/assets/i18n/en.json', '{ "A": "x", "B": '))).toEqual([expect.objectContaining({ key: 'A' })]);
    expect(events(extract('src/assets/i18n/fr.json', 'not json at all'))).toEqual([['parse_error', null, 'not valid JSON: unexpected "n" at line 1']]);
    const dup = extract('src/assets/i18n/en.json', '{\n "A": "one",\n "A": "two",\n "B": {"C": "x"},\n "B.C": "y"\n}');
    expect(keys(dup).map((k) => [k.key, k.values])).toEqual([['A', ['two']], ['B.C', ['y']]]);
    expect(events(dup).map((e) => [e[0], e[1]])).toEqual([['ambiguous', 3], ['ambiguous', 5]]);
    const deep = `{"ok": "fine", "d": ${'{"a":'.repeat(5000)}"x"${'}'.repeat(5000)}}`;
    const deepFacts = extract('src/assets/i18n/en.json', deep);
    expect(keys(deepFacts).map((k) => k.key)).toEqual(['ok']);
    expect(events(deepFacts)).toEqual([['skipped', 1, expect.stringContaining('nested deeper than 32 levels')]]);
    const huge = extract('src/assets/i18n/en.json', JSON.stringify({ BIG: 'x'.repeat(10_000_000), SMALL: 's' }));
    expect(keys(huge).map((k) => [k.key, (k.values as string[])[0]?.length])).toEqual([['BIG', 500], ['SMALL', 1]]);
    expect(events(huge)).toEqual([['skipped', null, '1 values longer than 500 characters were cut']]);
  });

  it('caps the keys indexed per file and says so', () => {
    const many = Object.fromEntries(Array.from({ length: 10_005 }, (_, i) => [`K${i}`, `v${i}`]));
    const facts = extract('src/assets/i18n/en.json', JSON.stringify(many));
    expect(keys(facts)).toHaveLength(10_000);
    expect(events(facts)).toEqual([['skipped', null, '10005 keys: only the first 10000 are indexed']]);
  });

  it('is found by key and scoped key', () => {
    expect(targetKeys(['TranslationKey'], { key: 'HOME.TITLE', scopedKey: 'admin.HOME.TITLE' })).toEqual(['i18n:HOME.TITLE', 'i18n:admin.HOME.TITLE']);
    expect(refKey({ kind: 'translationKey', key: 'HOME.TITLE' })).toBe('i18n:HOME.TITLE');
  });
});

const XLF12 = `<?xml version="1.0" encoding="UTF-8" ?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en-US" target-language="fr" datatype="plaintext" original="ng2.template">
    <body>
      <trans-unit id="deleteWorkspace" datatype="html">
        <source>Delete <x id="INTERPOLATION" equiv-text="{{ name }}"/> workspace &amp; data</source>
        <target>Supprimer l'espace <x id="INTERPOLATION"/></target>
        <note priority="1" from="description">Delete button</note>
        <note priority="1" from="meaning">workspace</note>
      </trans-unit>
      <trans-unit id="4242">
        <source><![CDATA[a < b]]></source>
      </trans-unit>
    </body>
  </file>
</xliff>`;

describe('i18n resources: XLIFF, XMB, XTB', () => {
  it('reads XLIFF 1.2 trans-units with source and target, placeholders and notes', () => {
    const facts = extract('src/locale/messages.fr.xlf', XLF12);
    expect(keys(facts)).toEqual([
      expect.objectContaining({
        key: 'deleteWorkspace', locale: 'fr', locales: ['en-US', 'fr'], values: ['Delete {{{ name }}} workspace & data', "Supprimer l'espace {INTERPOLATION}"],
        description: 'Delete button', meaning: 'workspace', format: 'xliff-1.2', startLine: 5, endLine: 10,
      }),
      expect.objectContaining({ key: '4242', locales: ['en-US'], values: ['a < b'] }),
    ]);
    expect(facts.events).toEqual([]);
  });

  it('reads XLIFF 2.0 units, XMB messages and XTB translations', () => {
    const x2 = `<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en" trgLang="de">
  <file original="ng.template" id="ngi18n">
    <unit id="welcome"><notes><note category="description">Greeting</note></notes>
      <segment><source>Hello <ph id="0" equiv="INTERPOLATION" disp="{{ user }}"/></source><target>Hallo <ph id="0" equiv="INTERPOLATION" disp="{{ user }}"/></target></segment>
    </unit>
  </file>
</xliff>`;
    expect(keys(extract('src/locale/messages.de.xlf', x2)).map((k) => [k.key, k.locale, k.locales, k.values, k.description, k.format]))
      .toEqual([['welcome', 'de', ['en', 'de'], ['Hello {{{ user }}}', 'Hallo {{{ user }}}'], 'Greeting', 'xliff-2.0']]);
    const xmb = '<messagebundle>\n<msg id="123" desc="Title"><source>app.html:3</source>Orders <ph name="INTERPOLATION"><ex>x</ex></ph></msg>\n</messagebundle>';
    expect(keys(extract('src/locale/messages.xmb', xmb)).map((k) => [k.key, k.values, k.description, k.format])).toEqual([['123', ['Orders {INTERPOLATION}'], 'Title', 'xmb']]);
    const xtb = '<translationbundle lang="fr">\n<translation id="123">Commandes <ph name="INTERPOLATION"/></translation>\n</translationbundle>';
    expect(keys(extract('src/locale/messages.fr.xtb', xtb)).map((k) => [k.key, k.locale, k.values, k.format])).toEqual([['123', 'fr', ['Commandes {INTERPOLATION}'], 'xtb']]);
  });

  it('reports broken XML, duplicate ids and documents that are not translations', () => {
    const broken = extract('src/locale/messages.xlf', '<xliff version="1.2"><file source-language="en"><body>\n<trans-unit id="a"><source>A</source></trans-unit>\n<trans-unit id="a"><source>B</source>\n</body></file></xliff>');
    expect(keys(broken).map((k) => [k.key, k.values])).toEqual([['a', ['B']]]);
    expect(broken.events.map((e) => e.kind)).toEqual(expect.arrayContaining(['parse_error', 'ambiguous']));
    expect(events(extract('src/locale/x.xlf', '<html><body>hi</body></html>'))).toEqual([['unsupported_syntax', null, 'not an XLIFF, XMB or XTB document (root element <html>)']]);
    expect(events(extract('src/locale/x.xlf', ''))).toEqual([['unsupported_syntax', null, 'not an XLIFF, XMB or XTB document (root element missing)']]);
  });
});
