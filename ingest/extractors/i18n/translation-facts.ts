import type { ExtractContext } from '../../model/extractor.js';
import type { FileFacts, PropValue } from '../../model/facts.js';
import { factId } from '../../model/ids.js';
import { repoSearchKey } from '../../../src/text/repo-search-key.js';
import { addEvent } from '../support/facts.js';
import { I18N_LIMITS, type ResourceRead } from './translation-model.js';

export const RESOURCE_PARSER = 'i18n-resources';

/** A TranslationKey's id: one node per (resource file, key), owned by that file. */
export function translationKeyId(repoId: string, path: string, key: string): string {
  return factId(repoId, 'i18n', path, key);
}

function capped(value: string): { text: string; cut: boolean } {
  return value.length <= I18N_LIMITS.maxValue ? { text: value, cut: false } : { text: `${value.slice(0, I18N_LIMITS.maxValue - 1)}…`, cut: true };
}

/**
 * One `TranslationKey` node per entry: `key` (as the file writes it, flattened), `scopedKey` (the
 * key with the file's transloco scope / namespace prefix, when it has one), `locale`, aligned
 * `values`/`locales`, `text` (the distinct values: what the ft_ui_text index searches), the format
 * and its lines, `ftRepo` (the repository's search token: the lane's query requires it). Values and
 * key counts are capped; what was cut is reported. `keys: false` (a locale left out, locale-selection.ts)
 * reports the file's problems only.
 */
export function emitTranslationKeys(ctx: ExtractContext, into: FileFacts, read: ResourceRead, scope: string | undefined, keys = true): void {
  for (const p of read.problems.slice(0, I18N_LIMITS.maxProblems)) addEvent(into, RESOURCE_PARSER, p.kind, p.message, p.line);
  if (read.problems.length > I18N_LIMITS.maxProblems) addEvent(into, RESOURCE_PARSER, 'skipped', `${read.problems.length - I18N_LIMITS.maxProblems} more problems not reported`);
  if (!keys) return;
  const ftRepo = repoSearchKey(ctx.repoId);
  let cutValues = 0;
  let longKeys = 0;
  const kept = read.entries.slice(0, I18N_LIMITS.maxKeys);
  for (const entry of kept) {
    if (entry.key.length > I18N_LIMITS.maxKeyLength || entry.key.length === 0) {
      longKeys++;
      continue;
    }
    const values = entry.values.map((v) => {
      const c = capped(v);
      if (c.cut) cutValues++;
      return c.text;
    });
    const props: Record<string, PropValue> = {
      key: entry.key, locale: read.locale ?? entry.locales.at(-1) ?? 'und', locales: entry.locales, values,
      text: [...new Set(values.filter(Boolean))].join('\n'), format: read.format, path: ctx.path, startLine: entry.line, endLine: entry.endLine, ftRepo,
    };
    if (scope) props.scopedKey = `${scope}.${entry.key}`;
    if (entry.description) props.description = capped(entry.description).text;
    if (entry.meaning) props.meaning = capped(entry.meaning).text;
    // No searchText: the key's words would match in every locale file alike and crowd the index's top
    // hits with one key's 13 translations; the values say the same words where it matters (the source locale).
    into.nodes.push({ id: translationKeyId(ctx.repoId, ctx.path, entry.key), labels: ['TranslationKey'], props });
  }
  if (read.entries.length > kept.length) {
    addEvent(into, RESOURCE_PARSER, 'skipped', `${read.entries.length} keys: only the first ${I18N_LIMITS.maxKeys} are indexed`);
  }
  if (cutValues) addEvent(into, RESOURCE_PARSER, 'skipped', `${cutValues} values longer than ${I18N_LIMITS.maxValue} characters were cut`);
  if (longKeys) addEvent(into, RESOURCE_PARSER, 'skipped', `${longKeys} keys empty or longer than ${I18N_LIMITS.maxKeyLength} characters were not indexed`);
}
