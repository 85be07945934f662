import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { translationKeysIndexed } from '../../../../ingest/extractors/i18n/locale-selection.js';

let root: string;

function tree(paths: string[]): string {
  root = mkdtempSync(join(tmpdir(), 'gg-locales-'));
  for (const p of paths) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), '{}');
  }
  return root;
}

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('translationKeysIndexed', () => {
  it('keeps the preferred locale and drops its siblings (ngx-translate / transloco files)', () => {
    const r = tree(['src/assets/i18n/en.json', 'src/assets/i18n/fr.json', 'src/assets/i18n/pt_BR.json']);
    expect(translationKeysIndexed(r, 'src/assets/i18n/en.json', undefined, ['en'])).toBe(true);
    expect(translationKeysIndexed(r, 'src/assets/i18n/fr.json', undefined, ['en'])).toBe(false);
    expect(translationKeysIndexed(r, 'src/assets/i18n/pt_BR.json', undefined, ['en'])).toBe(false);
  });

  it('matches a region of the preferred language (`en` keeps en-US and drops fr-FR beside it)', () => {
    const r = tree(['t/en-US.json', 't/fr-FR.json']);
    expect(translationKeysIndexed(r, 't/en-US.json', undefined, ['en'])).toBe(true);
    expect(translationKeysIndexed(r, 't/fr-FR.json', undefined, ['en'])).toBe(false);
  });

  it('drops files named like a locale without being a known tag (DSpace: sr-lat, sr-cyr, od) beside the preferred one', () => {
    const r = tree(['src/assets/i18n/en.json5', 'src/assets/i18n/sr-lat.json5', 'src/assets/i18n/sr-cyr.json5', 'src/assets/i18n/od.json5', 'src/assets/i18n/common.json5', 'i18n/sr-lat.json']);
    expect(translationKeysIndexed(r, 'src/assets/i18n/en.json5', undefined, ['en'])).toBe(true);
    for (const p of ['sr-lat', 'sr-cyr', 'od']) expect(translationKeysIndexed(r, `src/assets/i18n/${p}.json5`, undefined, ['en']), p).toBe(false);
    // Not locale-named: a namespace file stays; so does a locale-named file with no preferred sibling.
    expect(translationKeysIndexed(r, 'src/assets/i18n/common.json5', undefined, ['en'])).toBe(true);
    expect(translationKeysIndexed(r, 'i18n/sr-lat.json', undefined, ['en'])).toBe(true);
  });

  it('keeps every locale of a set that has neither a preferred locale nor a source', () => {
    const r = tree(['i18n/de.json', 'i18n/fr.json']);
    expect(translationKeysIndexed(r, 'i18n/de.json', undefined, ['en'])).toBe(true);
    expect(translationKeysIndexed(r, 'i18n/fr.json', undefined, ['en'])).toBe(true);
  });

  it('drops XLIFF targets beside their locale-less source, in the same folder or one up', () => {
    const r = tree(['locales/messages.xlf', 'locales/messages.de.xlf', 'web/i18n/messages.xlf', 'web/i18n/ja/messages.ja.xlf']);
    expect(translationKeysIndexed(r, 'locales/messages.xlf', 'en-US', ['en'])).toBe(true);
    expect(translationKeysIndexed(r, 'locales/messages.de.xlf', 'de', ['en'])).toBe(false);
    expect(translationKeysIndexed(r, 'web/i18n/ja/messages.ja.xlf', 'ja', ['en'])).toBe(false);
  });

  it('keeps an XLIFF target whose source file is not in the repository', () => {
    const r = tree(['locale/messages.de.xlf', 'locale/messages.fr.xlf']);
    expect(translationKeysIndexed(r, 'locale/messages.de.xlf', 'de', ['en'])).toBe(true);
  });

  it('pairs namespace files across locale folders (`i18n/fr/common.json` ↔ `i18n/en/common.json`)', () => {
    const r = tree(['i18n/en/common.json', 'i18n/fr/common.json', 'i18n/fr/admin.json']);
    expect(translationKeysIndexed(r, 'i18n/fr/common.json', undefined, ['en'])).toBe(false);
    expect(translationKeysIndexed(r, 'i18n/fr/admin.json', undefined, ['en'])).toBe(true);
  });

  it('indexes everything with `*`, and a file whose locale is unknown', () => {
    const r = tree(['i18n/en.json', 'i18n/fr.json', 'i18n/strings.json']);
    expect(translationKeysIndexed(r, 'i18n/fr.json', undefined, ['*'])).toBe(true);
    expect(translationKeysIndexed(r, 'i18n/strings.json', undefined, ['en'])).toBe(true);
  });

  it('reads the locale from the content when the path has none, and honours other preferences', () => {
    const r = tree(['i18n/de.json', 'i18n/fr.json']);
    expect(translationKeysIndexed(r, 'i18n/fr.json', undefined, ['de'])).toBe(false);
    expect(translationKeysIndexed(r, 'i18n/de.json', undefined, ['de'])).toBe(true);
  });
});
