import { scanJson, type JsonLeaf } from './json-scan.js';
import { I18N_LIMITS, type ResourceProblem, type ResourceRead, type TranslationEntry, type TranslationFormat } from './translation-model.js';
import { normalizeLocale } from './resource-paths.js';

/**
 * JSON translation files: ngx-translate / transloco (nested objects flattened to dotted keys,
 * `HOME.TITLE`), `ng extract-i18n --format=json` (`{ "locale": "en", "translations": { id: text } }`)
 * and ARB (`{ "@@locale": "en", "id": "text", "@id": { …metadata } }`).
 */

/** Share of leaves that must be strings for a file to count as translations. */
const MIN_STRING_SHARE = 0.8;

const PROBLEM_KIND = { duplicate: 'ambiguous', too_deep: 'skipped', syntax: 'parse_error' } as const;

function formatOf(leaves: JsonLeaf[]): TranslationFormat {
  const top = new Set(leaves.map((l) => l.path[0]));
  if (top.has('translations') && leaves.some((l) => l.path.length === 1 && l.path[0] === 'locale' && typeof l.value === 'string')) return 'ng-json';
  if ([...top].some((k) => k?.startsWith('@'))) return 'arb';
  return 'json';
}

/** The key of a leaf in the given format, or undefined for metadata leaves. */
function keyOf(format: TranslationFormat, leaf: JsonLeaf): string | undefined {
  if (format === 'ng-json') return leaf.path[0] === 'translations' && leaf.path.length > 1 ? leaf.path.slice(1).join('.') : undefined;
  if (format === 'arb') return leaf.path[0]?.startsWith('@') ? undefined : leaf.path.join('.');
  return leaf.path.length > 0 ? leaf.path.join('.') : undefined;
}

function localeOf(format: TranslationFormat, leaves: JsonLeaf[]): string | undefined {
  const wanted = format === 'ng-json' ? 'locale' : format === 'arb' ? '@@locale' : undefined;
  const leaf = wanted ? leaves.find((l) => l.path.length === 1 && l.path[0] === wanted) : undefined;
  return typeof leaf?.value === 'string' && leaf.value.trim() ? normalizeLocale(leaf.value.trim()) : undefined;
}

/**
 * Reads a JSON file whose path looks like a translation resource. Returns undefined when the content
 * does not look like translations (an object whose leaves are mostly strings) — nothing is reported
 * then, the file is simply not one. A file that does not parse is reported (its path said it is one).
 */
export function readJsonResource(text: string, pathLocale: string | undefined): ResourceRead | undefined {
  const leaves: JsonLeaf[] = [];
  const scan = scanJson(text, { maxDepth: I18N_LIMITS.maxDepth, maxString: I18N_LIMITS.maxValue + 1, onLeaf: (leaf) => void leaves.push(leaf) });
  const problems: ResourceProblem[] = scan.problems.map((p) => ({ kind: PROBLEM_KIND[p.kind], message: p.message, line: p.line }));
  const broken = scan.problems.some((p) => p.kind === 'syntax');
  if (scan.root !== 'object' && !broken) return undefined;
  const format = formatOf(leaves);
  const keyed = leaves.flatMap((leaf) => {
    const key = keyOf(format, leaf);
    return key === undefined ? [] : [{ key, leaf }];
  });
  const strings = keyed.filter((k) => typeof k.leaf.value === 'string').length;
  // Lists (`{"translations": ["de", "en"]}`, a locale config) are data, not messages.
  const inLists = keyed.filter((k) => k.leaf.inArray).length;
  const looksLike = strings > 0 && strings >= MIN_STRING_SHARE * keyed.length && inLists * 2 <= keyed.length;
  if (!looksLike && !broken) return undefined;
  if (!looksLike) return { format, entries: [], problems: [{ kind: 'parse_error', message: `not valid JSON: ${scan.problems.find((p) => p.kind === 'syntax')?.message ?? 'syntax error'}` }] };
  const locale = localeOf(format, leaves) ?? pathLocale;
  const byKey = new Map<string, TranslationEntry>();
  for (const { key, leaf } of keyed) {
    if (typeof leaf.value !== 'string') continue;
    // `{"a.b": "x", "a": {"b": "y"}}` flattens to the same key twice.
    if (byKey.has(key) && !problems.some((p) => p.line === leaf.line && p.kind === 'ambiguous')) {
      problems.push({ kind: 'ambiguous', message: `duplicate key "${key}" after flattening (the last one wins)`, line: leaf.line });
    }
    byKey.delete(key);
    byKey.set(key, { key, values: [leaf.value], locales: [locale ?? 'und'], line: leaf.line, endLine: leaf.line });
  }
  return { format, ...(locale ? { locale } : {}), entries: [...byKey.values()], problems };
}
