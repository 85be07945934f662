import type { FileFacts, PropValue } from '../../model/facts.js';
import { factId } from '../../model/ids.js';
import { repoSearchKey } from '../../../src/text/repo-search-key.js';
import { addEvent } from '../support/facts.js';
import { flatText } from './translation-model.js';

export const USAGE_PARSER = 'i18n-usages';

/** One place a file uses a translation key (or an Angular message id). */
export interface KeyUse {
  key: string;
  line: number;
  /** How: `pipe:translate`, `directive:translate`, `transloco:t`, `i18n:id`, `call:instant`, `literal`, `$localize`, … */
  via: string;
}

/** Distinct keys referenced per file, lines kept per key, characters of UI text kept per template. */
const MAX_KEYS = 2000;
const MAX_LINES = 20;
const MAX_TEXT = 4000;

/**
 * One `USES_KEY` reference per distinct key the file uses, from its File node, resolved by the
 * pipeline to every TranslationKey with that `key` or `scopedKey` (all locales). A key no resource
 * defines stays an unresolved reference — a bare literal that only looked like a key costs nothing more.
 */
export function emitKeyRefs(into: FileFacts, fromId: string, uses: KeyUse[]): void {
  const byKey = new Map<string, { lines: Set<number>; via: Set<string> }>();
  for (const use of uses) {
    let entry = byKey.get(use.key);
    if (!entry) {
      if (byKey.size >= MAX_KEYS) continue;
      byKey.set(use.key, (entry = { lines: new Set(), via: new Set() }));
    }
    entry.lines.add(use.line);
    entry.via.add(use.via);
  }
  const distinct = new Set(uses.map((u) => u.key)).size;
  if (distinct > MAX_KEYS) addEvent(into, USAGE_PARSER, 'skipped', `${distinct} translation keys used: only the first ${MAX_KEYS} are referenced`);
  for (const [key, { lines, via }] of byKey) {
    const props: Record<string, PropValue> = { key, lines: [...lines].sort((a, b) => a - b).slice(0, MAX_LINES), via: [...via].sort() };
    into.refs.push({ type: 'USES_KEY', from: fromId, target: { kind: 'translationKey', key }, props });
  }
}

/** The distinct, whitespace-collapsed fragments that carry a letter, joined by newlines and capped. */
export function uiTextOf(fragments: string[]): { text: string; count: number; cut: boolean } {
  const seen = new Set<string>();
  let text = '';
  let cut = false;
  for (const raw of fragments) {
    const f = flatText(raw);
    if (!f || seen.has(f) || !/\p{L}/u.test(f)) continue;
    seen.add(f);
    if (text.length + f.length + 1 > MAX_TEXT) {
      cut = true;
      break;
    }
    text = text ? `${text}\n${f}` : f;
  }
  return { text, count: seen.size, cut };
}

export interface UiTextOwner {
  repoId: string;
  path: string;
  /** The component class of an inline template (one UiText per class); undefined for a .html file. */
  className?: string;
  startLine: number;
  endLine: number;
}

/**
 * A `UiText` node with the static text of one template (`text`, newline-separated fragments), so
 * the ft_ui_text index finds a template by what it shows. Owned by the template's file.
 */
export function emitUiText(into: FileFacts, owner: UiTextOwner, fragments: string[]): void {
  const { text, count, cut } = uiTextOf(fragments);
  if (!text) return;
  const props: Record<string, PropValue> = {
    path: owner.path, text, fragments: count, inline: owner.className !== undefined, startLine: owner.startLine, endLine: owner.endLine,
    ftRepo: repoSearchKey(owner.repoId),
  };
  if (owner.className !== undefined) props.className = owner.className;
  if (cut) props.truncated = true;
  into.nodes.push({ id: factId(owner.repoId, 'uitext', owner.path, owner.className), labels: ['UiText'], props });
}
