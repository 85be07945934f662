import { DomElementSchemaRegistry } from '@angular/compiler';
import type { FileFacts, PropValue } from '../../model/facts.js';
import { ids } from '../../model/ids.js';
import { lexText } from '../../../src/text/lex-text.js';
import { addEdge, addRef, upsertNode } from '../support/facts.js';
import type { TemplateElement } from './template-walk.js';

const ANGULAR_BUILTINS = new Set(['ng-template', 'ng-container', 'ng-content']);
const schema = new DomElementSchemaRegistry();
const LABEL_ATTRS = new Set(['label', 'title', 'heading', 'placeholder', 'aria-label', 'alt', 'header', 'text']);

/**
 * Classifies a tag: the configured family whose prefix it starts with (`adp`, `sdf`, …), `native`
 * for HTML/SVG elements, `angular` for Angular built-ins and every other custom element (resolved
 * against component selectors by the pipeline).
 */
export function tagFamily(tag: string, families: Record<string, string[]>): string {
  const lower = tag.toLowerCase();
  for (const [family, prefixes] of Object.entries(families)) {
    if (prefixes.some((p) => p && lower.startsWith(p.toLowerCase()))) return family;
  }
  if (ANGULAR_BUILTINS.has(lower) || lower.includes('-')) return 'angular';
  const known = [lower, `:svg:${lower}`, `:math:${lower}`].some((name) => schema.hasElement(name, []));
  return known ? 'native' : 'angular';
}

/** True when a tag belongs to one of the configured (design-system) families. */
export function isFamilyTag(family: string, families: Record<string, string[]>): boolean {
  return Object.prototype.hasOwnProperty.call(families, family);
}

export interface UsageOwner {
  repoId: string;
  /** The template's file: the .html, or the .ts for an inline template. */
  path: string;
  families: Record<string, string[]>;
  /** Ids that get a HAS_USAGE edge to every usage (the template File, the inline component Symbol). */
  ownerIds: string[];
  /** The component class of an inline template. */
  className?: string;
}

/**
 * Writes the Usage node of one element occurrence, its HAS_USAGE edges and, for custom elements,
 * a USES_SELECTOR reference: `contractTag` for configured families (sdf/adp web components; the
 * pipeline falls back to component selectors), `selector` for other custom elements.
 */
export function emitUsage(into: FileFacts, owner: UsageOwner, el: TemplateElement): string {
  const id = ids.usage(owner.repoId, owner.path, el.line, el.col);
  const family = tagFamily(el.tag, owner.families);
  const text = el.text.join(' ').slice(0, 160);
  const labels = el.attributes.filter((a) => LABEL_ATTRS.has(a.name.toLowerCase())).map((a) => a.value);
  const summary = el.attrs.join(' ');
  const props: Record<string, PropValue> = {
    tag: el.tag,
    family,
    path: owner.path,
    startLine: el.line,
    endLine: el.endLine,
    attrs: el.attrs,
    summary: summary.length > 400 ? `${summary.slice(0, 399)}…` : summary,
    inline: owner.className !== undefined,
  };
  if (text) props.text = text;
  if (owner.className) props.ownerClass = owner.className;
  upsertNode(into, { id, labels: ['Usage'], props, searchText: lexText(el.tag, text, ...labels) });
  for (const from of owner.ownerIds) addEdge(into, { type: 'HAS_USAGE', from, to: id });
  const lower = el.tag.toLowerCase();
  if (isFamilyTag(family, owner.families)) {
    addRef(into, { type: 'USES_SELECTOR', from: id, target: { kind: 'contractTag', tag: lower } });
  } else if (family === 'angular' && !ANGULAR_BUILTINS.has(lower)) {
    addRef(into, { type: 'USES_SELECTOR', from: id, target: { kind: 'selector', selector: lower } });
  }
  return id;
}
