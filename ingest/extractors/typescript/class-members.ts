import { Node, Scope, type ClassDeclaration } from 'ts-morph';
import type { PropValue } from '../../model/facts.js';
import { compact } from '../support/text.js';
import { callSignature, decoratorNames } from './symbol-headers.js';

/** Class decorators that make a class's public API worth indexing member by member. */
export const ANGULAR_CLASS_DECORATORS = new Set(['Component', 'Injectable', 'Directive', 'Pipe', 'NgModule']);

/**
 * Lifecycle hooks are indexed (a debug slice often lives in ngOnInit/ngOnChanges, and plans must be
 * able to target them) but flagged `lifecycle: true`, so they read as framework plumbing, not API.
 */
const LIFECYCLE_HOOKS = new Set([
  'ngOnInit', 'ngOnDestroy', 'ngOnChanges', 'ngDoCheck', 'ngAfterContentInit', 'ngAfterContentChecked',
  'ngAfterViewInit', 'ngAfterViewChecked',
]);

export interface MemberHeader {
  node: Node;
  name: string;
  kind: 'method' | 'property';
  props: Record<string, PropValue>;
}

function isPublic(member: Node): boolean {
  if (!Node.isScoped(member) && !Node.isScopeable(member)) return true;
  const scope = member.getScope();
  if (scope === Scope.Private || scope === Scope.Protected) return false;
  return !(Node.isPropertyNamed(member) && member.getName().startsWith('#'));
}

function staticPrefix(member: Node): string {
  return Node.isStaticable(member) && member.isStatic() ? 'static ' : '';
}

function headerOf(member: Node): MemberHeader | undefined {
  const decorators = decoratorNames(member);
  const base = (name: string, kind: MemberHeader['kind'], signature: string): MemberHeader => {
    const props: Record<string, PropValue> = { signature: compact(signature, 300), decorators };
    if (Node.isStaticable(member) && member.isStatic()) props.static = true;
    return { node: member, name, kind, props };
  };
  if (Node.isMethodDeclaration(member)) {
    const name = member.getName();
    const header = base(name, 'method', `${staticPrefix(member)}${member.isAsync() ? 'async ' : ''}${callSignature(name, member)}`);
    if (LIFECYCLE_HOOKS.has(name)) header.props.lifecycle = true;
    return header;
  }
  if (Node.isPropertyDeclaration(member)) {
    const name = member.getName();
    const type = member.getTypeNode()?.getText();
    const init = member.getInitializer();
    const optional = member.hasQuestionToken() ? '?' : member.hasExclamationToken() ? '!' : '';
    const readonly = member.isReadonly() ? 'readonly ' : '';
    const tail = type ? `: ${type}` : init ? ` = ${compact(init.getText(), 120)}` : '';
    return base(name, 'property', `${staticPrefix(member)}${readonly}${name}${optional}${tail}`);
  }
  if (Node.isGetAccessorDeclaration(member)) {
    const ret = member.getReturnTypeNode()?.getText();
    return base(member.getName(), 'property', `${staticPrefix(member)}get ${member.getName()}()${ret ? `: ${ret}` : ''}`);
  }
  if (Node.isSetAccessorDeclaration(member)) {
    return base(member.getName(), 'property', `${staticPrefix(member)}set ${callSignature(member.getName(), member)}`);
  }
  return undefined;
}

/**
 * The public methods and properties of a class, with signature text (no bodies). Overloads and
 * get/set pairs collapse into one entry per name.
 */
export function publicMembersOf(cls: ClassDeclaration): MemberHeader[] {
  const byName = new Map<string, MemberHeader>();
  for (const member of cls.getMembers()) {
    if (!isPublic(member)) continue;
    const header = headerOf(member);
    if (!header) continue;
    const prev = byName.get(header.name);
    if (!prev) byName.set(header.name, header);
    else if (Node.isSetAccessorDeclaration(member) && Node.isGetAccessorDeclaration(prev.node)) {
      prev.props.signature = `${String(prev.props.signature)}; ${String(header.props.signature)}`;
    }
  }
  return [...byName.values()];
}
