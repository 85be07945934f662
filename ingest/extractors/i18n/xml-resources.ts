import { normalizeLocale } from './resource-paths.js';
import { flatText, I18N_LIMITS, type ResourceProblem, type ResourceRead, type TranslationEntry, type TranslationFormat } from './translation-model.js';
import { parseXmlTree, type XmlChild, type XmlEl } from './xml-tree.js';

/**
 * Angular's own i18n files: XLIFF 1.2 (`trans-unit`), XLIFF 2.0 (`unit`/`segment`), XMB (`msg`) and
 * XTB (`translation`). Well-formed files are read with a strict XML parser; a file it refuses is read
 * with @angular/compiler's XmlParser (the one Angular reads them with), which recovers from errors
 * and reports them (xml-tree.ts).
 */

/** Inline placeholder elements: rendered as `{name}` (x, ph) or dropped (original markup codes). */
const PLACEHOLDERS = new Set(['x', 'ph']);
const DROPPED = new Set(['bpt', 'ept', 'it', 'sc', 'ec', 'bx', 'ex', 'source-location']);

const attr = (el: XmlEl, name: string): string | undefined => (Object.hasOwn(el.attrs, name) ? el.attrs[name] : undefined);
const elements = (nodes: XmlChild[]): XmlEl[] => nodes.filter((n): n is XmlEl => typeof n !== 'string');
const lineOf = (el: XmlEl): { line: number; endLine: number } => ({ line: el.line, endLine: el.endLine });

/** The text of a message: its text nodes, with placeholders as `{name}`. */
function renderText(nodes: XmlChild[], skip: ReadonlySet<string> = DROPPED): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node === 'string') out += node;
    else {
      if (PLACEHOLDERS.has(node.name)) out += `{${attr(node, 'equiv-text') ?? attr(node, 'disp') ?? attr(node, 'equiv') ?? attr(node, 'name') ?? attr(node, 'id') ?? ''}}`;
      else if (!skip.has(node.name)) out += renderText(node.children, skip);
    }
  }
  return flatText(out);
}

/** Elements named `name` anywhere below `nodes`, not descending into matches. */
function findAll(nodes: XmlChild[], name: string): XmlEl[] {
  const out: XmlEl[] = [];
  const walk = (list: XmlChild[]): void => {
    for (const el of elements(list)) {
      if (el.name === name) out.push(el);
      else walk(el.children);
    }
  };
  walk(nodes);
  return out;
}

function child(el: XmlEl, name: string): XmlEl | undefined {
  return elements(el.children).find((c) => c.name === name);
}

function notes(el: XmlEl, byAttr: string): { description?: string; meaning?: string } {
  const out: { description?: string; meaning?: string } = {};
  for (const note of findAll(el.children, 'note')) {
    const kind = attr(note, byAttr);
    if (kind === 'description' || kind === 'meaning') out[kind] = renderText(note.children);
  }
  return out;
}

function pair(source: string, target: string | undefined, srcLang: string, trgLang: string | undefined): Pick<TranslationEntry, 'values' | 'locales'> {
  const src = normalizeLocale(srcLang);
  return target !== undefined ? { values: [source, target], locales: [src, normalizeLocale(trgLang ?? 'und')] } : { values: [source], locales: [src] };
}

function xliff12(root: XmlEl, pathLocale: string | undefined): { entries: TranslationEntry[]; locale?: string } {
  const entries: TranslationEntry[] = [];
  let locale: string | undefined;
  for (const file of findAll([root], 'file')) {
    const src = attr(file, 'source-language');
    const trg = attr(file, 'target-language');
    // An untranslated copy (`messages.es.xlf` without target-language) is still the file of its name's locale.
    locale ??= trg ?? pathLocale ?? src;
    for (const unit of findAll(file.children, 'trans-unit')) {
      const id = attr(unit, 'id');
      const source = child(unit, 'source');
      if (!id || !source) continue;
      const target = child(unit, 'target');
      const values = pair(renderText(source.children), target ? renderText(target.children) : undefined, src ?? 'und', trg ?? pathLocale);
      entries.push({ key: id, ...values, ...lineOf(unit), ...notes(unit, 'from') });
    }
  }
  return locale ? { entries, locale } : { entries };
}

function xliff20(root: XmlEl, pathLocale: string | undefined): { entries: TranslationEntry[]; locale?: string } {
  const src = attr(root, 'srcLang');
  const trg = attr(root, 'trgLang');
  const entries: TranslationEntry[] = [];
  for (const unit of findAll([root], 'unit')) {
    const id = attr(unit, 'id');
    const segments = findAll(unit.children, 'segment');
    if (!id || segments.length === 0) continue;
    const part = (name: string): string | undefined => {
      const found = segments.map((s) => child(s, name)).filter((e): e is XmlEl => e !== undefined);
      return found.length ? flatText(found.map((e) => renderText(e.children)).join(' ')) : undefined;
    };
    entries.push({ key: id, ...pair(part('source') ?? '', part('target'), src ?? 'und', trg ?? pathLocale), ...lineOf(unit), ...notes(unit, 'category') });
  }
  const locale = trg ?? pathLocale ?? src;
  return locale ? { entries, locale } : { entries };
}

function xmbOrXtb(root: XmlEl, format: 'xmb' | 'xtb', pathLocale: string | undefined): { entries: TranslationEntry[]; locale?: string } {
  const locale = format === 'xtb' ? attr(root, 'lang') ?? pathLocale : pathLocale;
  const entries: TranslationEntry[] = [];
  // An XMB `<msg>` lists where it is used in `<source>` children: locations, not text.
  const skip = new Set([...DROPPED, 'source']);
  for (const msg of findAll([root], format === 'xmb' ? 'msg' : 'translation')) {
    const id = attr(msg, 'id');
    if (!id) continue;
    const description = attr(msg, 'desc');
    const meaning = attr(msg, 'meaning');
    entries.push({
      key: id, values: [renderText(msg.children, skip)], locales: [normalizeLocale(locale ?? 'und')], ...lineOf(msg),
      ...(description ? { description } : {}), ...(meaning ? { meaning } : {}),
    });
  }
  return locale ? { entries, locale } : { entries };
}

/** Reads an XLIFF / XMB / XTB file; parse errors and duplicate ids are problems, never exceptions. */
export function readXmlResource(text: string, url: string, pathLocale: string | undefined): ResourceRead {
  const parsed = parseXmlTree(text, url);
  const problems: ResourceProblem[] = parsed.errors.slice(0, I18N_LIMITS.maxProblems).map((e) => ({ kind: 'parse_error', message: `XML: ${flatText(e.message).slice(0, 300)}`, line: e.line }));
  if (parsed.errors.length > I18N_LIMITS.maxProblems) problems.push({ kind: 'parse_error', message: `${parsed.errors.length - I18N_LIMITS.maxProblems} more XML errors` });
  const root = parsed.roots[0];
  let format: TranslationFormat;
  let found: { entries: TranslationEntry[]; locale?: string };
  if (root?.name === 'xliff') {
    const v2 = (attr(root, 'version') ?? '').startsWith('2');
    format = v2 ? 'xliff-2.0' : 'xliff-1.2';
    found = v2 ? xliff20(root, pathLocale) : xliff12(root, pathLocale);
  } else if (root?.name === 'messagebundle' || root?.name === 'translationbundle') {
    format = root.name === 'messagebundle' ? 'xmb' : 'xtb';
    found = xmbOrXtb(root, format, pathLocale);
  } else {
    problems.push({ kind: 'unsupported_syntax', message: `not an XLIFF, XMB or XTB document (root element ${root ? `<${root.name}>` : 'missing'})` });
    return { format: 'xliff-1.2', entries: [], problems };
  }
  const byKey = new Map<string, TranslationEntry>();
  for (const entry of found.entries) {
    if (byKey.has(entry.key)) problems.push({ kind: 'ambiguous', message: `duplicate id "${entry.key}" (the last one wins)`, line: entry.line });
    byKey.delete(entry.key);
    byKey.set(entry.key, entry);
  }
  const locale = found.locale ?? pathLocale;
  return { format, ...(locale ? { locale: normalizeLocale(locale) } : {}), entries: [...byKey.values()], problems };
}
