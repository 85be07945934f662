import {
  ASTWithSource, BindingType, ParsedEventType, RecursiveAstVisitor, TmplAstBoundAttribute, TmplAstContent, TmplAstElement, TmplAstRecursiveVisitor,
  TmplAstTemplate, TmplAstText, type AST, type BindingPipe, type TmplAstBoundEvent, type TmplAstBoundText,
  type TmplAstForLoopBlock, type TmplAstIfBlockBranch, type TmplAstLetDeclaration, type TmplAstNode, type TmplAstSwitchBlock,
  type TmplAstSwitchBlockCase, type TmplAstTextAttribute,
} from '@angular/compiler';
import { parseTemplateOnce } from '../support/parsed-template.js';

/**
 * A loop variable in scope (`*ngFor="let item of menu"`, `@for (item of menu; …)`): what it iterates,
 * and the loops around the loop itself (`outer`), in which `iterated` is evaluated.
 */
export interface LoopBinding {
  name: string;
  iterated: AST;
  outer?: LoopBinding;
}

/** Where a template's text lives inside its file (inline templates are a slice of a .ts file). */
export interface TemplateRange {
  startPos: number;
  endPos: number;
  /** 0-based line and column of `startPos` in the file. */
  startLine: number;
  startCol: number;
}

/** One element occurrence in a template, with 1-based lines/columns in the owning file. */
export interface TemplateElement {
  tag: string;
  line: number;
  col: number;
  endLine: number;
  attributes: TmplAstTextAttribute[];
  inputs: TmplAstBoundAttribute[];
  outputs: TmplAstBoundEvent[];
  /** Summary items: `name=value`, `[input]=expr`, `(output)=handler`, `*ngIf=…`, `#ref`, `let-x`. */
  attrs: string[];
  /** Static text directly inside the element. */
  text: string[];
  /** The innermost loop variable in scope (follow `outer` for the others), if inside a loop. */
  loop?: LoopBinding;
  /**
   * Pipe names used by the element's bindings, its structural directive, its direct `{{ }}` text
   * and control-flow expressions directly inside it (`| currency`, `| orderStatus: 'short'`).
   */
  pipes: string[];
}

export interface ParsedTemplateResult {
  elements: TemplateElement[];
  /** Pipes used outside any element (top-level text or control-flow expressions). */
  pipes: string[];
  errors: Array<{ message: string; line?: number }>;
}

const MAX_VALUE = 60;

function clip(text: string, max = MAX_VALUE): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** The source text of a bound expression (`ASTWithSource.source`), or a placeholder. */
export function exprSource(value: AST): string {
  return value instanceof ASTWithSource ? (value.source ?? '') : '';
}

/** The expression AST behind a binding value. */
export function exprAst(value: AST): AST {
  return value instanceof ASTWithSource ? value.ast : value;
}

function inputLabel(input: TmplAstBoundAttribute): string {
  const unit = input.unit ? `.${input.unit}` : '';
  switch (input.type) {
    case BindingType.Attribute: return `[attr.${input.name}]`;
    case BindingType.Class: return `[class.${input.name}]`;
    case BindingType.Style: return `[style.${input.name}${unit}]`;
    case BindingType.TwoWay: return `[(${input.name})]`;
    case BindingType.LegacyAnimation: case BindingType.Animation: return `[@${input.name}]`;
    default: return `[${input.name}]`;
  }
}

function summarise(
  attributes: TmplAstTextAttribute[], inputs: TmplAstBoundAttribute[], outputs: TmplAstBoundEvent[],
  refs: Array<{ name: string; value: string }>, structural: string[],
): string[] {
  const out: string[] = [...structural];
  for (const a of attributes) out.push(a.value ? `${a.name}=${clip(a.value, 40)}` : a.name);
  for (const i of inputs) out.push(`${inputLabel(i)}=${clip(exprSource(i.value))}`);
  for (const o of outputs) {
    if (o.type === ParsedEventType.TwoWay) continue;
    const name = o.target ? `${o.target}:${o.name}` : o.name;
    out.push(`(${name})=${clip(exprSource(o.handler))}`);
  }
  for (const r of refs) out.push(r.value ? `#${r.name}=${r.value}` : `#${r.name}`);
  return out;
}

/** `*ngIf="x"` style attributes as written in a start tag (the parser splits them into pieces). */
function structuralAttrs(t: TmplAstTemplate): string[] {
  const span = t.startSourceSpan;
  const source = span.start.file.content.slice(span.start.offset, span.end.offset);
  return [...source.matchAll(/\s\*([\w.-]+)(?:\s*=\s*("[^"]*"|'[^']*'))?/g)].map((m) => {
    const value = m[2] ? m[2].slice(1, -1) : '';
    return value ? `*${m[1]}=${clip(value)}` : `*${m[1]}`;
  });
}

function isStructural(t: TmplAstTemplate): boolean {
  if (t.templateAttrs.length === 0 || t.children.length !== 1) return false;
  const child = t.children[0] as TmplAstNode;
  return child.sourceSpan.start.offset === t.sourceSpan.start.offset;
}

/** The loop variable an `*ngFor` / `<ng-template ngFor [ngForOf]>` introduces, if `t` is one. */
function ngForBinding(t: TmplAstTemplate, outer: LoopBinding | undefined): LoopBinding | undefined {
  const of = [...t.templateAttrs, ...t.inputs].find((a): a is TmplAstBoundAttribute => a instanceof TmplAstBoundAttribute && a.name === 'ngForOf');
  const item = t.variables.find((v) => v.value === '$implicit' || v.value === '');
  return of && item ? { name: item.name, iterated: exprAst(of.value), ...(outer ? { outer } : {}) } : undefined;
}

class PipeNames extends RecursiveAstVisitor {
  constructor(readonly names: Set<string>) {
    super();
  }

  override visitPipe(ast: BindingPipe, context: unknown): void {
    if (/^[A-Za-z_$][\w$]*$/.test(ast.name)) this.names.add(ast.name); // a parse error leaves ''
    super.visitPipe(ast, context);
  }
}

/** Adds the names of the pipes an expression uses to `into`. */
function collectPipes(into: Set<string>, ...values: Array<AST | null | undefined>): void {
  let visitor: PipeNames | undefined;
  for (const value of values) {
    // Most bindings have no `|` at all: skip the walk (ASTWithSource keeps the source text).
    if (!value || (value instanceof ASTWithSource && typeof value.source === 'string' && !value.source.includes('|'))) continue;
    exprAst(value).visit((visitor ??= new PipeNames(into)));
  }
}

function bindingValues(inputs: Array<TmplAstBoundAttribute | TmplAstTextAttribute>, outputs: TmplAstBoundEvent[]): AST[] {
  return [
    ...inputs.filter((i): i is TmplAstBoundAttribute => i instanceof TmplAstBoundAttribute).map((i) => i.value),
    ...outputs.map((o) => o.handler),
  ];
}

function textOf(children: TmplAstNode[]): string[] {
  return children.filter((c): c is TmplAstText => c instanceof TmplAstText).map((c) => clip(c.value, 80)).filter(Boolean);
}

class Collector extends TmplAstRecursiveVisitor {
  readonly elements: TemplateElement[] = [];
  readonly rootPipes = new Set<string>();
  private readonly pending = new WeakMap<object, string[]>();
  private readonly pendingPipes = new WeakMap<object, Set<string>>();
  private loop: LoopBinding | undefined;
  /** Pipes of the element whose children are being visited (else the template's top level). */
  private pipes = this.rootPipes;

  private withPipes(pipes: Set<string>, visit: () => void): void {
    const saved = this.pipes;
    this.pipes = pipes;
    try {
      visit();
    } finally {
      this.pipes = saved;
    }
  }

  private withLoop(binding: LoopBinding | undefined, visit: () => void): void {
    const saved = this.loop;
    if (binding) this.loop = binding;
    try {
      visit();
    } finally {
      this.loop = saved;
    }
  }

  /** Records an element; returns the set its pipes go into (filled while its children are visited). */
  private add(tag: string, node: TmplAstElement | TmplAstTemplate | TmplAstContent, extra: Partial<TemplateElement>, pipes: Set<string>): Set<string> {
    const start = node.sourceSpan.start;
    const end = (node.endSourceSpan ?? node.sourceSpan).end;
    const el: TemplateElement = {
      tag, line: start.line + 1, col: start.col + 1, endLine: end.line + 1,
      attributes: [], inputs: [], outputs: [], attrs: [], text: [], ...extra, ...(this.loop ? { loop: this.loop } : {}), pipes: [],
    };
    this.elements.push(el);
    this.finish.push(() => void (el.pipes = [...pipes]));
    return pipes;
  }

  /** Fills every element's `pipes` once the whole template was visited. */
  readonly finish: Array<() => void> = [];

  override visitElement(el: TmplAstElement): void {
    const structural = this.pending.get(el) ?? [];
    const pipes = new Set(this.pendingPipes.get(el));
    collectPipes(pipes, ...bindingValues(el.inputs, el.outputs));
    this.add(el.name.replace(/^:svg:/, ''), el, {
      attributes: el.attributes, inputs: el.inputs, outputs: el.outputs, text: textOf(el.children),
      attrs: summarise(el.attributes, el.inputs, el.outputs, el.references, structural),
    }, pipes);
    this.withPipes(pipes, () => super.visitElement(el));
  }

  override visitTemplate(t: TmplAstTemplate): void {
    const pipes = new Set<string>();
    collectPipes(pipes, ...bindingValues([...t.templateAttrs, ...t.inputs], t.outputs));
    if (isStructural(t)) {
      this.pending.set(t.children[0] as object, structuralAttrs(t));
      this.pendingPipes.set(t.children[0] as object, pipes);
      this.withLoop(ngForBinding(t, this.loop), () => super.visitTemplate(t));
      return;
    }
    const vars = t.variables.map((v) => (v.value && v.value !== '$implicit' ? `let-${v.name}=${v.value}` : `let-${v.name}`));
    this.add(t.tagName ?? 'ng-template', t, {
      attributes: t.attributes, inputs: t.inputs, outputs: t.outputs, text: textOf(t.children),
      attrs: [...summarise(t.attributes, t.inputs, t.outputs, t.references, structuralAttrs(t)), ...vars],
    }, pipes);
    this.withPipes(pipes, () => this.withLoop(ngForBinding(t, this.loop), () => super.visitTemplate(t)));
  }

  override visitForLoopBlock(block: TmplAstForLoopBlock): void {
    const binding: LoopBinding = { name: block.item.name, iterated: exprAst(block.expression), ...(this.loop ? { outer: this.loop } : {}) };
    collectPipes(this.pipes, block.expression);
    this.withLoop(binding, () => super.visitForLoopBlock(block));
  }

  override visitIfBlockBranch(block: TmplAstIfBlockBranch): void {
    collectPipes(this.pipes, block.expression);
    super.visitIfBlockBranch(block);
  }

  override visitSwitchBlock(block: TmplAstSwitchBlock): void {
    collectPipes(this.pipes, block.expression);
    super.visitSwitchBlock(block);
  }

  override visitSwitchBlockCase(block: TmplAstSwitchBlockCase): void {
    collectPipes(this.pipes, block.expression);
    super.visitSwitchBlockCase(block);
  }

  override visitLetDeclaration(decl: TmplAstLetDeclaration): void {
    collectPipes(this.pipes, decl.value);
  }

  override visitBoundText(text: TmplAstBoundText): void {
    collectPipes(this.pipes, text.value);
  }

  override visitContent(c: TmplAstContent): void {
    const pipes = this.add('ng-content', c, { attributes: c.attributes, attrs: summarise(c.attributes, [], [], [], []) }, new Set());
    this.withPipes(pipes, () => super.visitContent(c));
  }
}

/**
 * Parses an Angular template (external file text, or the whole .ts text plus the inline template's
 * range so spans map to real file lines) and lists every element occurrence, control-flow blocks
 * (`@if`, `@for`, `@switch`, `@defer`) included. Syntax errors are returned, never thrown.
 */
export function walkTemplate(text: string, url: string, range?: TemplateRange): ParsedTemplateResult {
  const parsed = parseTemplateOnce(text, url, range);
  const collector = new Collector();
  for (const node of parsed.nodes) node.visit(collector);
  for (const finish of collector.finish) finish();
  const errors = (parsed.errors ?? []).map((e) => ({ message: clip(e.msg, 300), line: e.span.start.line + 1 }));
  return { elements: collector.elements, pipes: [...collector.rootPipes], errors };
}
