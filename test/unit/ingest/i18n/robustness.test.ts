import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translationResourcesExtractor, translationUsagesExtractor } from '../../../../ingest/extractors/i18n/index.js';
import { EXTRACTOR_ERROR } from '../../../../ingest/extractors/support/facts.js';
import { validateFacts } from '../../../../ingest/write/validate-facts.js';
import { memoryWorkspace } from '../../../support/extract-fixture.js';

const JSON_PIECES = ['{', '}', '[', ']', ',', ':', '"A"', '"B.C"', '"x\\u00e9"', '"\\', '1', 'true', 'null', ' ', '\n', '"@@locale"', '"translations"', '"locale"'];
const XML_PIECES = ['<xliff version="1.2">', '<xliff version="2.0" srcLang="en">', '<file source-language="en">', '<trans-unit id="a">', '<unit id="u">', '<segment>', '<source>', '</source>', '<target>', '</target>', 'text', '&amp;', '<x id="P"/>', '<![CDATA[<b>]]>', '</trans-unit>', '</file>', '</xliff>', '<msg id="1">', '<messagebundle>', '<', '>', '"'];
const TPL_PIECES = ['<p>', '</p>', "{{ 'K.A' | translate }}", '{{', '}}', '<ng-container *transloco="let t; read: \'s\'">', "{{ t('x') }}", '</ng-container>', '<span translate>', 'i18n="@@id"', '<b i18n>', 'text', '@if (x) {', '}', '[translate]="', '"', "'"];
const TS_PIECES = ["this.translate.instant('A.B')", "marker('M')", "$localize`:@@id:Hi`", "const X = ['K.L', 'SAVE'];", '{ label: ', "'X.Y'", '}', '(', ')', ';', '\n', "@Component({ template: '<p>{{ \\'T.K\\' | translate }}</p>' }) class C {}", 'translate.get(', '`'];

const pieces = (list: string[]) => fc.array(fc.constantFrom(...list), { maxLength: 40 }).map((p) => p.join(''));
const noThrow = (path: string, text: string, resources: boolean): void => {
  const facts = memoryWorkspace({ [path]: text }).extract(path, [resources ? translationResourcesExtractor : translationUsagesExtractor]);
  expect(facts.events.filter((e) => e.message.startsWith(EXTRACTOR_ERROR))).toEqual([]);
  expect(validateFacts(facts).events).toEqual(facts.events);
};

describe('i18n extractors are total', () => {
  it('on JSON-ish and XML-ish resources', () => {
    fc.assert(fc.property(pieces(JSON_PIECES), (text) => noThrow('src/assets/i18n/en.json', text, true)), { numRuns: 300 });
    fc.assert(fc.property(pieces(XML_PIECES), (text) => noThrow('src/locale/messages.fr.xlf', text, true)), { numRuns: 300 });
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (text) => noThrow('src/assets/i18n/en.json', text, true)), { numRuns: 200 });
  });

  it('on template-ish and TypeScript-ish sources', () => {
    fc.assert(fc.property(pieces(TPL_PIECES), (text) => noThrow('src/app/a.component.html', text, false)), { numRuns: 300 });
    fc.assert(fc.property(pieces(TS_PIECES), (text) => noThrow('src/app/a.ts', text, false)), { numRuns: 200 });
  });
});
