import { readdirSync } from 'node:fs';
import { posix } from 'node:path';
import { isLocaleTag, normalizeLocale, resourcePathInfo } from './resource-paths.js';

/**
 * Which translation files get TranslationKey nodes. A prompt names what a person reads, nearly always
 * in the source language; the other locales repeat the same keys (ever-gauzy: 14 files, 68k of its
 * 268k fact rows and 84k USES_KEY edges, about half the cost of its text lanes). So a file whose
 * locale is not one of `indexLocales` is left out when a sibling of its set is indexed: a preferred
 * locale (`en.json` beside `fr.json`; `i18n/en/common.json` beside `i18n/fr/common.json`) or the
 * locale-less source (`messages.xlf` beside `messages.fr.xlf` or `i18n/fr/messages.fr.xlf`). A set
 * without either keeps every locale. `['*']` indexes all. The file itself is still a File fact with
 * its text in the content lanes.
 */
export function translationKeysIndexed(root: string, path: string, locale: string | undefined, indexLocales: readonly string[]): boolean {
  if (indexLocales.includes('*')) return true;
  const own = resourcePathInfo(path).locale ?? (locale ? normalizeLocale(locale) : undefined);
  if (own ? isPreferred(own, indexLocales) : !localeNamed(fileStem(path))) return true;
  return !preferredSiblingExists(root, path, indexLocales);
}

const fileStem = (path: string): string => {
  const file = posix.basename(path);
  return file.slice(0, file.length - posix.extname(file).length);
};

/**
 * A file name that names a locale without being a tag `isLocaleTag` knows: a known language with a
 * non-standard subtag (DSpace's `sr-lat`, `sr-cyr`) or two letters that are no ISO 639-1 code (its
 * `od`). Such a file is a translation of its set, not the set's locale-less source.
 */
function localeNamed(name: string): boolean {
  if (isLocaleTag(name) || /^[a-z]{2}$/i.test(name)) return true;
  const m = /^([a-z]{2,3})(?:[-_][a-z0-9]{2,8})+$/i.exec(name);
  return m !== null && isLocaleTag(m[1] as string);
}

/** `en` matches `en`, `en-US`, `en-GB`; a full tag (`pt-BR`) matches only itself. */
function isPreferred(locale: string, indexLocales: readonly string[]): boolean {
  const tag = normalizeLocale(locale);
  return indexLocales.some((wanted) => {
    const w = normalizeLocale(wanted);
    return tag === w || tag.startsWith(`${w}-`);
  });
}

function list(root: string, dir: string): string[] {
  try {
    return readdirSync(posix.join(root, dir));
  } catch {
    return [];
  }
}

/** True when the folder holds `<stem>.<ext>` (the source) or `<stem>.<preferred>.<ext>` / `<preferred>.<ext>`. */
function hasSourceOrPreferred(names: string[], stem: string | undefined, ext: string, indexLocales: readonly string[]): boolean {
  return names.some((name) => {
    if (!name.endsWith(ext)) return false;
    const base = name.slice(0, -ext.length);
    if (stem === undefined) return isLocaleTag(base) && isPreferred(base, indexLocales);
    if (base === stem) return true;
    if (!base.startsWith(`${stem}.`)) return false;
    const tag = base.slice(stem.length + 1);
    return isLocaleTag(tag) && isPreferred(tag, indexLocales);
  });
}

function preferredSiblingExists(root: string, path: string, indexLocales: readonly string[]): boolean {
  const dir = posix.dirname(path);
  const file = posix.basename(path);
  const ext = posix.extname(file);
  const name = fileStem(path);
  const dot = name.lastIndexOf('.');
  // `fr.json` → no stem; `messages.fr.xlf` → stem `messages`; `common.json` inside `i18n/fr/` → stem `common`.
  const stem = localeNamed(name) ? undefined : dot > 0 && isLocaleTag(name.slice(dot + 1)) ? name.slice(0, dot) : name;
  if (stem !== name && hasSourceOrPreferred(list(root, dir), stem, ext, indexLocales)) return true;
  const parentName = posix.basename(dir);
  if (!isLocaleTag(parentName)) return false;
  // A locale folder: `i18n/fr/common.json` ↔ `i18n/en/common.json`; `i18n/de/messages.de.xlf` ↔ `i18n/messages.xlf`.
  const parent = posix.dirname(dir);
  const siblings = list(root, parent);
  if (stem !== undefined && siblings.includes(`${stem}${ext}`)) return true;
  return siblings.some((folder) => isLocaleTag(folder) && isPreferred(folder, indexLocales)
    && list(root, posix.join(parent, folder)).some((n) => n === file || (stem !== undefined && n.startsWith(`${stem}.`) && n.endsWith(ext)) || (stem === undefined && n.endsWith(ext))));
}
