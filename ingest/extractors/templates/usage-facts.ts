import { BindingType, DomElementSchemaRegistry } from '@angular/compiler';
import type { FileFacts, PropValue } from '../../model/facts.js';
import { ids } from '../../model/ids.js';
import { lexText } from '../../../src/text/lex-text.js';
import { addEdge, addRef, upsertNode } from '../support/facts.js';
import type { TemplateElement } from './template-walk.js';

const ANGULAR_BUILTINS = new Set(['ng-template', 'ng-container', 'ng-content']);
const schema = new DomElementSchemaRegistry();
const LABEL_ATTRS = new Set(['label', 'title', 'heading', 'placeholder', 'aria-label', 'alt', 'header', 'text']);

/**
 * Attributes of Angular's own directives (common, router, forms): never a repo directive's selector,
 * and far too frequent to reference on every native element.
 */
const BUILTIN_DIRECTIVE_ATTRS = new Set([
  'ngclass', 'ngstyle', 'ngif', 'ngifelse', 'ngfor', 'ngforof', 'ngfortrackby', 'ngswitch', 'ngswitchcase', 'ngswitchdefault',
  'ngtemplateoutlet', 'ngtemplateoutletcontext', 'ngcomponentoutlet', 'ngplural', 'ngpluralcase', 'ngnonbindable', 'ngmodel',
  'ngmodeloptions', 'ngform', 'ngsubmit', 'formcontrol', 'formcontrolname', 'formgroup', 'formgroupname', 'formarrayname',
  'routerlink', 'routerlinkactive', 'routerlinkactiveoptions', 'queryparams', 'fragment', 'state', 'skiplocationchange', 'replaceurl',
]);
const MAX_OCCURRENCE_ATTRS = 20;

/**
 * The attribute names Angular matches directive selectors against (static attributes, property
 * and two-way bindings, structural `*x`), lowercased. `candidates` are the ones that can only mean
 * a directive: not a DOM property of the element, not aria/data/class/style/id, not Angular's own,
 * not an AngularJS `ng-*` attribute.
 */
export function occurrenceAttrs(el: TemplateElement): { all: string[]; candidates: string[] } {
  const names = [
    ...el.attributes.map((a) => a.name),
    ...el.inputs.filter((i) => i.type === BindingType.Property || i.type === BindingType.TwoWay).map((i) => i.name),
    ...el.attrs.filter((a) => a.startsWith('*')).map((a) => (a.slice(1).split('=')[0] ?? '').split('.')[0] ?? ''),
  ].filter((n) => /^[a-zA-Z][\w-]*$/.test(n));
  const all = [...new Set(names.map((n) => n.toLowerCase()))].slice(0, MAX_OCCURRENCE_ATTRS);
  const candidates = [...new Set(names)].filter((n) => {
    const lower = n.toLowerCase();
    // `ng-click`, `ng-repeat`…: AngularJS directives (hybrid apps' legacy templates), never an Angular selector.
    if (BUILTIN_DIRECTIVE_ATTRS.has(lower) || /^(?:class|style|id|slot|role|aria-.*|data-.*|ng-.*)$/.test(lower)) return false;
    return !schema.hasProperty(el.tag.toLowerCase(), schema.getMappedPropName(n), []);
  }).map((n) => n.toLowerCase());
  return { all, candidates: [...new Set(candidates)].filter((n) => all.includes(n)) };
}

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

/** `USES_PIPE` references by pipe name (`{{ total | currency }}`), resolved to `Pipe {pipeName}` by the pipeline. */
export function emitPipeRefs(into: FileFacts, from: string, pipes: readonly string[]): void {
  for (const name of pipes) addRef(into, { type: 'USES_PIPE', from, target: { kind: 'pipe', name } });
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
  emitPipeRefs(into, id, el.pipes);
  const lower = el.tag.toLowerCase();
  if (isFamilyTag(family, owner.families)) {
    addRef(into, { type: 'USES_SELECTOR', from: id, target: { kind: 'contractTag', tag: lower } });
    return id;
  }
  // The occurrence as a selector (`button[mat-button][apphighlight]`): the linker matches element
  // selectors, `el[attr]` and attribute-only selectors (`[appHighlight]`) against it. A native or
  // built-in element is only referenced when it carries an attribute that can only be a directive.
  const { all, candidates } = occurrenceAttrs(el);
  const custom = family === 'angular' && !ANGULAR_BUILTINS.has(lower);
  if (custom || candidates.length > 0) {
    const selector = `${lower}${all.map((a) => `[${a}]`).join('')}`;
    addRef(into, { type: 'USES_SELECTOR', from: id, target: { kind: 'selector', selector, ...(candidates.length ? { attrs: candidates } : {}) } });
  }
  return id;
}
