/**
 * Which files are translation resources, and what their path says about locale and scope. Name
 * heuristics only: a JSON file is read as translations only when its path looks like one here AND
 * its content passes `looksLikeTranslations` (json-resources.ts) — never every JSON file.
 */

/** ISO 639-1 codes plus a few common 3-letter ones: `app.json` must not pass for a locale. */
const LANGUAGES = new Set((
  'aa ab af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es et '
  + 'eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk '
  + 'kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny '
  + 'oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk '
  + 'tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu fil haw yue ast ckb'
).split(' '));

/** Folder names that hold translations (`assets/i18n`, `src/locale`, `translations/`). */
const I18N_DIRS = new Set(['i18n', 'l10n', 'locale', 'locales', 'lang', 'langs', 'language', 'languages', 'translations', 'translation', 'translate', 'messages', 'intl']);

/** JSON files that are configuration even inside a translations folder. */
const CONFIG_NAMES = /^(.*[-_.]conf(ig)?|config.*|package(-lock)?|tsconfig.*|angular|project|nx|workspace|\.?eslintrc.*|tslint|karma.*|manifest.*|ngsw-config|firebase|proxy.*|.*\.schema|swagger.*|openapi.*|cypress|jest.*|transloco.*|i18n-config|settings|launch|extensions|renovate|lerna|vercel|components)$/i;

/** True for a BCP-47-ish tag whose language part is a known code: `en`, `en-US`, `pt_BR`, `zh-Hans`, `sr-Latn-RS`. */
export function isLocaleTag(name: string): boolean {
  const m = /^([A-Za-z]{2,3})(?:[-_]([A-Za-z]{4}))?(?:[-_]([A-Za-z]{2}|\d{3}))?$/.exec(name);
  return m !== null && LANGUAGES.has((m[1] as string).toLowerCase());
}

/** A locale tag in normal form (`pt_br` → `pt-BR`, `zh-hans` → `zh-Hans`). */
export function normalizeLocale(tag: string): string {
  const [lang, ...rest] = tag.split(/[-_]/);
  const parts = rest.map((p) => (p.length === 4 ? `${p[0]?.toUpperCase()}${p.slice(1).toLowerCase()}` : p.toUpperCase()));
  return [(lang ?? '').toLowerCase(), ...parts].join('-');
}

/** What a resource's path says. */
export interface ResourcePath {
  /** Locale from the file name (`fr.json`, `messages.fr.xlf`) or its folder (`i18n/fr/common.json`). */
  locale?: string;
  /**
   * The prefix under which the app may address the file's keys: a transloco scope folder
   * (`i18n/admin-page/en.json` → `adminPage`, transloco's default alias) or a namespace file inside a
   * locale folder (`i18n/en/common.json` → `common`).
   */
  scope?: string;
}

/** transloco's scope alias: `admin-page/users` → `adminPageUsers`. */
function camelScope(scope: string): string {
  return scope.split(/[-_\s/]+/).filter(Boolean).map((p, i) => (i === 0 ? p[0]?.toLowerCase() + p.slice(1) : p[0]?.toUpperCase() + p.slice(1))).join('');
}

/** Locale and scope of a translation file from its repo-relative path. */
export function resourcePathInfo(path: string): ResourcePath {
  const segments = path.split('/');
  const file = segments.pop() ?? '';
  const name = file.replace(/\.[^.]+$/, '');
  const dirs = segments;
  const suffix = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : undefined;
  const nameLocale = isLocaleTag(name) ? name : suffix !== undefined && isLocaleTag(suffix) ? suffix : undefined;
  const parent = dirs.at(-1);
  const dirLocale = parent !== undefined && isLocaleTag(parent) ? parent : undefined;
  const rootIndex = dirs.map((d) => d.toLowerCase()).findLastIndex((d) => I18N_DIRS.has(d));
  const out: ResourcePath = {};
  const locale = nameLocale ?? dirLocale;
  if (locale) out.locale = normalizeLocale(locale);
  if (isLocaleTag(name) && rootIndex >= 0 && rootIndex < dirs.length - 1 && !dirLocale) {
    out.scope = camelScope(dirs.slice(rootIndex + 1).join('/'));
  } else if (dirLocale && !nameLocale && !/^(messages|translations?|index|all)$/i.test(name)) {
    out.scope = name;
  }
  return out;
}

/** True for `.xlf`, `.xliff`, `.xmb`, `.xtb`: always translation files. */
export function isXmlResource(path: string): boolean {
  return /\.(xlf|xliff|xmb|xtb)$/i.test(path);
}

/**
 * True for a JSON (or JSON5) file whose path may hold translations: inside a translations folder, named
 * like a locale (`en.json`, `en-US.json`, `de.json5`), or `messages*.json` (`ng extract-i18n
 * --format=json`) — and not a known configuration file. The content decides the rest.
 */
export function isJsonResourceCandidate(path: string): boolean {
  if (!/\.json5?$/i.test(path)) return false;
  const segments = path.split('/');
  const name = (segments.pop() ?? '').replace(/\.json5?$/i, '');
  if (CONFIG_NAMES.test(name)) return false;
  if (segments.some((d) => I18N_DIRS.has(d.toLowerCase()))) return true;
  return isLocaleTag(name) || /^messages(\.|$)/i.test(name);
}
