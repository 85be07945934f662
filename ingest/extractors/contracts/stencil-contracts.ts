import { ts } from 'ts-morph';

/** One prop (or method) of a contract component. */
export interface ContractProp {
  name: string;
  typeText: string;
  required: boolean;
  kind: 'prop' | 'method';
  doc?: string;
  line: number;
  endLine: number;
}

export interface ContractEvent {
  name: string;
  detailType: string;
  line: number;
  endLine: number;
}

/** A web component described by a Stencil `components.d.ts`. */
export interface ContractComponentInfo {
  tag: string;
  interfaceName: string;
  props: ContractProp[];
  events: ContractEvent[];
  line: number;
  endLine: number;
}

type Iface = ts.InterfaceDeclaration;

function lineOf(sf: ts.SourceFile, pos: number): number {
  return sf.getLineAndCharacterOfPosition(pos).line + 1;
}

function memberName(m: ts.TypeElement): string | undefined {
  const n = m.name;
  if (!n) return undefined;
  if (ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isNumericLiteral(n)) return n.text;
  return undefined;
}

/** Interfaces directly inside `namespace <name> { … }` (any nesting of `declare`/`export`). */
function namespaceInterfaces(sf: ts.SourceFile, nsName: string): Map<string, Iface> {
  const out = new Map<string, Iface>();
  const visit = (node: ts.Node): void => {
    if (ts.isModuleDeclaration(node) && node.name.getText(sf) === nsName && node.body && ts.isModuleBlock(node.body)) {
      for (const st of node.body.statements) if (ts.isInterfaceDeclaration(st)) out.set(st.name.text, st);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Tag → interface name from `HTMLElementTagNameMap` / `IntrinsicElements` (`'sdf-table': HTMLSdfTableElement`). */
function tagMaps(sf: ts.SourceFile): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    if (ts.isInterfaceDeclaration(node) && (node.name.text === 'HTMLElementTagNameMap' || node.name.text === 'IntrinsicElements')) {
      for (const m of node.members) {
        const tag = memberName(m);
        if (!tag || !tag.includes('-') || !ts.isPropertySignature(m) || !m.type) continue;
        const typeName = m.type.getText(sf).split('&')[0]?.trim().replace(/^LocalJSX\.|^Components\./, '').replace(/^HTML(\w+)Element$/, '$1');
        if (typeName && !out.has(tag)) out.set(tag, typeName);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** `SdfDataTable` → `sdf-data-table` (Stencil's naming, used when no tag map names the interface). */
export function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/([A-Z])([A-Z][a-z])/g, '$1-$2').toLowerCase();
}

function docOf(m: ts.Node): string | undefined {
  const docs = (m as { jsDoc?: Array<{ comment?: unknown }> }).jsDoc;
  const text = docs?.map((d) => (typeof d.comment === 'string' ? d.comment : '')).join(' ').replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, 300) : undefined;
}

function propsOf(sf: ts.SourceFile, iface: Iface): ContractProp[] {
  const out: ContractProp[] = [];
  for (const m of iface.members) {
    const name = memberName(m);
    if (!name) continue;
    const at = { line: lineOf(sf, m.getStart(sf)), endLine: lineOf(sf, m.getEnd()) };
    const doc = docOf(m);
    if (ts.isMethodSignature(m)) {
      out.push({ name, typeText: m.getText(sf).replace(/^["']?[\w$-]+["']?\??/, '').replace(/;$/, '').trim(), required: !m.questionToken, kind: 'method', ...(doc ? { doc } : {}), ...at });
    } else if (ts.isPropertySignature(m)) {
      const typeText = m.type?.getText(sf).replace(/\s+/g, ' ') ?? 'any';
      const isMethod = m.type !== undefined && ts.isFunctionTypeNode(m.type) && /Promise</.test(m.type.type.getText(sf));
      out.push({ name, typeText, required: !m.questionToken, kind: isMethod ? 'method' : 'prop', ...(doc ? { doc } : {}), ...at });
    }
  }
  return out;
}

/** Events from `onXxx?: (event: XCustomEvent<Detail>) => void` members of the LocalJSX interface. */
function eventsOf(sf: ts.SourceFile, iface: Iface | undefined, eventMap: Iface | undefined): ContractEvent[] {
  const out = new Map<string, ContractEvent>();
  for (const m of eventMap?.members ?? []) {
    const name = memberName(m);
    if (name && ts.isPropertySignature(m)) {
      out.set(name, { name, detailType: m.type?.getText(sf) ?? 'any', line: lineOf(sf, m.getStart(sf)), endLine: lineOf(sf, m.getEnd()) });
    }
  }
  for (const m of iface?.members ?? []) {
    const raw = memberName(m);
    if (!raw || !/^on[A-Z]/.test(raw) || !ts.isPropertySignature(m) || !m.type || !ts.isFunctionTypeNode(m.type)) continue;
    const name = raw.charAt(2).toLowerCase() + raw.slice(3);
    const paramType = m.type.parameters[0]?.type?.getText(sf) ?? '';
    const detail = /CustomEvent<([\s\S]*)>$/.exec(paramType)?.[1]?.replace(/\s+/g, ' ').trim() ?? 'any';
    if (!out.has(name)) out.set(name, { name, detailType: detail, line: lineOf(sf, m.getStart(sf)), endLine: lineOf(sf, m.getEnd()) });
  }
  return [...out.values()];
}

/**
 * Reads a Stencil-generated `components.d.ts`: component interfaces of `namespace Components`
 * (props, and methods that return promises), tags from `HTMLElementTagNameMap` / `IntrinsicElements`
 * (else the kebab-cased interface name), events from `LocalJSX` `onXxx` handlers and
 * `HTML…ElementEventMap` interfaces.
 */
export function parseStencilContracts(path: string, text: string): ContractComponentInfo[] {
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const components = namespaceInterfaces(sf, 'Components');
  const local = namespaceInterfaces(sf, 'LocalJSX');
  const tags = new Map<string, string>();
  for (const [tag, name] of tagMaps(sf)) if (!tags.has(name)) tags.set(name, tag);
  const eventMaps = new Map<string, Iface>();
  const collect = (node: ts.Node): void => {
    if (ts.isInterfaceDeclaration(node)) {
      const m = /^HTML(\w+)ElementEventMap$/.exec(node.name.text);
      if (m?.[1]) eventMaps.set(m[1], node);
    }
    ts.forEachChild(node, collect);
  };
  collect(sf);
  const out: ContractComponentInfo[] = [];
  for (const [name, iface] of components) {
    out.push({
      tag: tags.get(name) ?? kebab(name),
      interfaceName: name,
      props: propsOf(sf, iface),
      events: eventsOf(sf, local.get(name), eventMaps.get(name)),
      line: lineOf(sf, iface.getStart(sf)),
      endLine: lineOf(sf, iface.getEnd()),
    });
  }
  return out;
}
