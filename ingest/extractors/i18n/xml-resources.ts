import { Element as XmlElement, Text as XmlText, XmlParser, type ParseSourceSpan } from '@angular/compiler';
import { normalizeLocale } from './resource-paths.js';
import { flatText, I18N_LIMITS, type ResourceProblem, type ResourceRead, type TranslationEntry, type TranslationFormat } from './translation-model.js';

/**
 * Angular's own i18n files: XLIFF 1.2 (`trans-unit`), XLIFF 2.0 (`unit`/`segment`), XMB (`msg`) and
 * XTB (`translation`). Parsed with @angular/compiler's XmlParser (the one Angular reads them with),
 * so entities and CDATA decode as Angular decodes them; it recovers from errors, which are reported.
 */

type XmlNode = XmlElement | XmlText | { sourceSpan: ParseSourceSpan };

/** Inline placeholder elements: rendered as `{name}` (x, ph) or dropped (original markup codes). */
const PLACEHOLDERS = new Set(['x', 'ph']);
const DROPPED = new Set(['bpt', 'ept', 'it', 'sc', 'ec', 'bx', 'ex', 'source-location']);

const attr = (el: XmlElement, name: string): string | undefined => el.attrs.find((a) => a.name === name)?.value;
const elements = (nodes: XmlNode[]): XmlElement[] => nodes.filter((n): n is XmlElement => n instanceof XmlElement);
const lineOf = (el: XmlElement): { line: number; endLine: number } => ({ line: el.sourceSpan.start.line + 1, endLine: (el.endSourceSpan ?? el.sourceSpan).end.line + 1 });

/** The text of a message: its text nodes, with placeholders as `{name}`. */
function renderText(nodes: XmlNode[], skip: ReadonlySet<string> = DROPPED): string {
  let out = '';
  for (const node of nodes) {
    if (node instanceof XmlText) out += node.value;
    else if (node instanceof XmlElement) {
      if (PLACEHOLDERS.has(node.name)) out += `{${attr(node, 'equiv-text') ?? attr(node, 'disp') ?? attr(node, 'equiv') ?? attr(node, 'name') ?? attr(node, 'id') ?? ''}}`;
      else if (!skip.has(node.name)) out += renderText(node.children as XmlNode[], skip);
    }
  }
  return flatText(out);
}

/** Elements named `name` anywhere below `nodes`, not descending into matches. */
function findAll(nodes: XmlNode[], name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (list: XmlNode[]): void => {
    for (const el of elements(list)) {
      if (el.name === name) out.push(el);
      else walk(el.children as XmlNode[]);
    }
  };
  walk(nodes);
  return out;
}

function child(el: XmlElement, name: string): XmlElement | undefined {
  return elements(el.children as XmlNode[]).find((c) => c.name === name);
}

function notes(el: XmlElement, byAttr: string): { description?: string; meaning?: string } {
  const out: { description?: string; meaning?: string } = {};
  for (const note of findAll(el.children as XmlNode[], 'note')) {
    const kind = attr(note, byAttr);
    if (kind === 'description' || kind === 'meaning') out[kind] = renderText(note.children as XmlNode[]);
  }
  return out;
}

function pair(source: string, target: string | undefined, srcLang: string, trgLang: string | undefined): Pick<TranslationEntry, 'values' | 'locales'> {
  const src = normalizeLocale(srcLang);
  return target !== undefined ? { values: [source, target], locales: [src, normalizeLocale(trgLang ?? 'und')] } : { values: [source], locales: [src] };
}

function xliff12(root: XmlElement, pathLocale: string | undefined): { entries: TranslationEntry[]; locale?: string } {
  const entries: TranslationEntry[] = [];
  let locale: string | undefined;
  for (const file of findAll([root], 'file')) {
    const src = attr(file, 'source-language');
    const trg = attr(file, 'target-language');
    // An untranslated copy (`messages.es.xlf` without target-language) is still the file of its name's locale.
    locale ??= trg ?? pathLocale ?? src;
    for (const unit of findAll(file.children as XmlNode[], 'trans-unit')) {
      const id = attr(unit, 'id');
      const source = child(unit, 'source');
      if (!id || !source) continue;
      const target = child(unit, 'target');
      const values = pair(renderText(source.children as XmlNode[]), target ? renderText(target.children as XmlNode[]) : undefined, src ?? 'und', trg ?? pathLocale);
      entries.push({ key: id, ...values, ...lineOf(unit), ...notes(unit, 'from') });
    }
  }
  return locale ? { entries, locale } : { entries };
}

function xliff20(root: XmlElement, pathLocale: string | undefined): { entries: TranslationEntry[]; locale?: string } {
  const src = attr(root, 'srcLang');
  const trg = attr(root, 'trgLang');
  const entries: TranslationEntry[] = [];
  for (const unit of findAll([root], 'unit')) {
    const id = attr(unit, 'id');
    const segments = findAll(unit.children as XmlNode[], 'segment');
    if (!id || segments.length === 0) continue;
    const part = (name: string): string | undefined => {
      const found = segments.map((s) => child(s, name)).filter((e): e is XmlElement => e !== undefined);
      return found.length ? flatText(found.map((e) => renderText(e.children as XmlNode[])).join(' ')) : undefined;
    };
    entries.push({ key: id, ...pair(part('source') ?? '', part('target'), src ?? 'und', trg ?? pathLocale), ...lineOf(unit), ...notes(unit, 'category') });
  }
  const locale = trg ?? pathLocale ?? src;
  return locale ? { entries, locale } : { entries };
}

function xmbOrXtb(root: XmlElement, format: 'xmb' | 'xtb', pathLocale: string | undefined): { entries: TranslationEntry[]; locale?: string } {
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
      key: id, values: [renderText(msg.children as XmlNode[], skip)], locales: [normalizeLocale(locale ?? 'und')], ...lineOf(msg),
      ...(description ? { description } : {}), ...(meaning ? { meaning } : {}),
    });
  }
  return locale ? { entries, locale } : { entries };
}

/** Reads an XLIFF / XMB / XTB file; parse errors and duplicate ids are problems, never exceptions. */
export function readXmlResource(text: string, url: string, pathLocale: string | undefined): ResourceRead {
  const parsed = new XmlParser().parse(text, url);
  const problems: ResourceProblem[] = parsed.errors.slice(0, I18N_LIMITS.maxProblems).map((e) => ({ kind: 'parse_error', message: `XML: ${flatText(e.msg).slice(0, 300)}`, line: e.span.start.line + 1 }));
  if (parsed.errors.length > I18N_LIMITS.maxProblems) problems.push({ kind: 'parse_error', message: `${parsed.errors.length - I18N_LIMITS.maxProblems} more XML errors` });
  const root = elements(parsed.rootNodes as XmlNode[])[0];
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
