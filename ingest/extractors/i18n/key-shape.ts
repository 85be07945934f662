/**
 * Shapes that decide what counts as a translation key or as visible text. Explicit uses (a
 * `translate` pipe, `instant()`, `marker()`) take any literal; a bare string literal in code only
 * counts when it looks like a key, and only as a reference: it links only if the key exists.
 */

/** Pipes that translate their input: ngx-translate, transloco, angular-i18next. */
export const TRANSLATE_PIPES = new Set(['translate', 'transloco', 'i18next', 'i18nextEager', 'i18nextCap', 'i18nextFormat']);

/** Attribute / input names whose literal value is text a user sees. */
const UI_ATTRIBUTE = /(?:label|title|text|placeholder|tooltip|message|caption|header|heading|headername|hint|description|summary|legend|^alt)$/i;

export function isUiAttribute(name: string): boolean {
  return UI_ATTRIBUTE.test(name);
}

/** Any non-blank literal up to 300 characters (apps that use the default-language text as key do exist). */
export function isExplicitKey(text: string): boolean {
  return text.length <= 300 && text.trim().length > 0;
}

/** `HOME.TITLE`, `MENU.users_list`: an UPPER first segment and a dot. Rarely anything but a key. */
const UPPER_DOTTED = /^[A-Z][A-Z0-9_]*(?:\.[A-Za-z0-9_-]+)+$/;
/** `home.title`, `admin-page.save`: dotted identifier segments. */
const DOTTED = /^[A-Za-z][\w-]*(?:\.[\w-]+)+$/;
/** `SAVE`, `DELETE_WORKSPACE`: upper-case words, counted only as values of UI properties. */
const UPPER_WORD = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

/** Last segments that make a dotted literal a file name or a host, not a key. */
const NOT_KEY_TAIL = new Set([
  'ts', 'js', 'mjs', 'cjs', 'html', 'htm', 'json', 'css', 'scss', 'sass', 'less', 'svg', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'ico',
  'md', 'txt', 'xml', 'pdf', 'csv', 'xlsx', 'woff', 'woff2', 'ttf', 'map', 'yml', 'yaml', 'com', 'org', 'net', 'io',
]);
/** First segments that make a dotted literal an object path (`window.location`, `environment.apiUrl`). */
const NOT_KEY_HEAD = new Set(['this', 'window', 'document', 'console', 'process', 'environment', 'navigator', 'location', 'www', 'http', 'https', 'rxjs', 'angular']);

/** Where a string literal sits in code, as far as key-likeness is concerned. */
export type LiteralContext = 'declaration' | 'ui-property' | 'argument';

/**
 * True when a bare literal looks like a translation key: UPPER-dotted anywhere (also as an argument
 * of an unknown call, like a notification helper), dotted identifiers in declarations (consts, menu
 * arrays, class fields, returns), upper-case words only as values of UI properties (`label: 'SAVE'`).
 */
export function isLooseKey(text: string, context: LiteralContext): boolean {
  if (text.length < 3 || text.length > 150) return false;
  if (UPPER_DOTTED.test(text)) return !NOT_KEY_TAIL.has(text.slice(text.lastIndexOf('.') + 1).toLowerCase());
  if (context === 'argument') return false;
  if (DOTTED.test(text)) {
    const parts = text.split('.');
    return !NOT_KEY_TAIL.has((parts.at(-1) ?? '').toLowerCase()) && !NOT_KEY_HEAD.has((parts[0] ?? '').toLowerCase()) && !parts.every((p) => /^\d+$/.test(p) || /^v?\d/.test(p));
  }
  return context === 'ui-property' && UPPER_WORD.test(text);
}

/** Property names whose values are never keys (routes, selectors, asset paths, sort fields). */
export const NOT_KEY_PROPERTIES = new Set([
  'selector', 'templateUrl', 'styleUrl', 'styleUrls', 'path', 'redirectTo', 'loadChildren', 'loadComponent', 'url', 'href', 'src',
  'provide', 'type', 'field', 'colId', 'icon', 'class', 'styleClass', 'id', 'format', 'pattern', 'mimeType', 'method',
]);

/** Property names whose values are UI text or keys of UI text. */
export function isUiProperty(name: string): boolean {
  return isUiAttribute(name) || /^(?:key|i18n|i18nKey|translationKey|translateKey|labelKey|titleKey|textKey)$/i.test(name);
}
