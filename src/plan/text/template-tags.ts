/**
 * A small, linear-time scanner for custom-element tags in template text (`<adp-alert type="x">`).
 * It is lexical on purpose: the plan carries text, not an AST, and the rules only need tag names
 * and attribute names. Closing tags and comments are ignored.
 */

export interface TagOccurrence {
  tag: string;
  /** Attribute names as written (`type`, `[severity]`, `(closed)`, `*ngIf`, `#ref`). */
  attributes: string[];
}

const TAG_NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)+/;

// Index of the `>` closing a start tag, skipping quoted attribute values; -1 when unterminated.
function tagEnd(text: string, from: number): number {
  let quote: string | null = null;
  for (let i = from; i < text.length; i += 1) {
    const ch = text[i];
    if (quote !== null) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === '>') {
      return i;
    }
  }
  return -1;
}

/** Custom-element tags (names with a dash) opened in `text`, in order of appearance. */
export function scanCustomTags(text: string): TagOccurrence[] {
  const found: TagOccurrence[] = [];
  let at = text.indexOf('<');
  while (at !== -1) {
    const rest = text.slice(at + 1, at + 1 + 128).toLowerCase();
    const name = TAG_NAME.exec(rest);
    if (!name) {
      at = text.indexOf('<', at + 1);
      continue;
    }
    const end = tagEnd(text, at + 1 + name[0].length);
    const body = end === -1 ? text.slice(at + 1 + name[0].length) : text.slice(at + 1 + name[0].length, end);
    found.push({ tag: name[0], attributes: attributeNames(body) });
    if (end === -1) break;
    at = text.indexOf('<', end);
  }
  return found;
}

// Attribute names of a start tag's body; quoted values are skipped whole.
function attributeNames(body: string): string[] {
  const names: string[] = [];
  let i = 0;
  while (i < body.length) {
    const ch = body[i] as string;
    if (/\s|\//.test(ch)) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < body.length && !/[\s=/>]/.test(body[j] as string)) j += 1;
    if (j > i) names.push(body.slice(i, j));
    i = j;
    while (i < body.length && /\s/.test(body[i] as string)) i += 1;
    if (body[i] === '=') {
      i += 1;
      while (i < body.length && /\s/.test(body[i] as string)) i += 1;
      const quote = body[i];
      if (quote === '"' || quote === "'") {
        const close = body.indexOf(quote, i + 1);
        i = close === -1 ? body.length : close + 1;
      } else {
        while (i < body.length && !/\s/.test(body[i] as string)) i += 1;
      }
    } else if (j === i && i < body.length) {
      i += 1;
    }
  }
  return names;
}

/** How many times each tag with `prefix` is opened in `text`. */
export function countTags(text: string | undefined, prefix: string): Map<string, number> {
  const counts = new Map<string, number>();
  if (!text) return counts;
  for (const { tag } of scanCustomTags(text)) {
    if (tag.startsWith(prefix)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return counts;
}

/** Tags with `prefix` opened more often in `after` than in `before` (what an edit introduces). */
export function introducedTags(before: string | undefined, after: string | undefined, prefix: string): string[] {
  const was = countTags(before, prefix);
  const now = countTags(after, prefix);
  return [...now.entries()].filter(([tag, n]) => n > (was.get(tag) ?? 0)).map(([tag]) => tag).sort();
}

/** Tags with `prefix` opened in either text (what an edit touches lexically). */
export function touchedTags(before: string | undefined, after: string | undefined, prefix: string): string[] {
  return [...new Set([...countTags(before, prefix).keys(), ...countTags(after, prefix).keys()])].sort();
}

/**
 * The bound property name an attribute refers to, or null for attributes every element accepts
 * (class, id, style, slot, aria-*, data-*, structural directives, template refs, attr/class/style
 * bindings). Events are returned with `event: true`.
 */
export function boundName(attribute: string): { name: string; event: boolean } | null {
  const a = attribute.trim();
  if (a === '' || a.startsWith('*') || a.startsWith('#') || a.startsWith('let-')) return null;
  if (a.startsWith('(') && a.endsWith(')') && !a.startsWith('([')) return { name: a.slice(1, -1), event: true };
  let name = a;
  if (name.startsWith('[(') && name.endsWith(')]')) name = name.slice(2, -2);
  else if (name.startsWith('[') && name.endsWith(']')) name = name.slice(1, -1);
  else if (name.startsWith('bind-')) name = name.slice(5);
  if (/^(attr|class|style)\./.test(name)) return null;
  const lower = name.toLowerCase();
  if (['class', 'id', 'style', 'slot', 'title', 'role', 'hidden', 'tabindex', 'lang', 'dir', 'part', 'ngclass', 'ngstyle'].includes(lower)) return null;
  if (lower.startsWith('aria-') || lower.startsWith('data-')) return null;
  return { name, event: false };
}

/** `max-length` → `maxLength`; names without dashes are returned unchanged. */
export function kebabToCamel(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
