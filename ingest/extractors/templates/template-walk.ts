import {
  ASTWithSource, BindingType, ParsedEventType, TmplAstContent, TmplAstElement, TmplAstRecursiveVisitor, TmplAstTemplate,
  TmplAstText, parseTemplate, type AST, type TmplAstBoundAttribute, type TmplAstBoundEvent, type TmplAstNode,
  type TmplAstTextAttribute,
} from '@angular/compiler';

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
}

export interface ParsedTemplateResult {
  elements: TemplateElement[];
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

function textOf(children: TmplAstNode[]): string[] {
  return children.filter((c): c is TmplAstText => c instanceof TmplAstText).map((c) => clip(c.value, 80)).filter(Boolean);
}

class Collector extends TmplAstRecursiveVisitor {
  readonly elements: TemplateElement[] = [];
  private readonly pending = new WeakMap<object, string[]>();

  private add(tag: string, node: TmplAstElement | TmplAstTemplate | TmplAstContent, extra: Partial<TemplateElement>): void {
    const start = node.sourceSpan.start;
    const end = (node.endSourceSpan ?? node.sourceSpan).end;
    this.elements.push({
      tag, line: start.line + 1, col: start.col + 1, endLine: end.line + 1,
      attributes: [], inputs: [], outputs: [], attrs: [], text: [], ...extra,
    });
  }

  override visitElement(el: TmplAstElement): void {
    const structural = this.pending.get(el) ?? [];
    this.add(el.name.replace(/^:svg:/, ''), el, {
      attributes: el.attributes, inputs: el.inputs, outputs: el.outputs, text: textOf(el.children),
      attrs: summarise(el.attributes, el.inputs, el.outputs, el.references, structural),
    });
    super.visitElement(el);
  }

  override visitTemplate(t: TmplAstTemplate): void {
    if (isStructural(t)) {
      this.pending.set(t.children[0] as object, structuralAttrs(t));
    } else {
      const vars = t.variables.map((v) => (v.value && v.value !== '$implicit' ? `let-${v.name}=${v.value}` : `let-${v.name}`));
      this.add(t.tagName ?? 'ng-template', t, {
        attributes: t.attributes, inputs: t.inputs, outputs: t.outputs, text: textOf(t.children),
        attrs: [...summarise(t.attributes, t.inputs, t.outputs, t.references, structuralAttrs(t)), ...vars],
      });
    }
    super.visitTemplate(t);
  }

  override visitContent(c: TmplAstContent): void {
    this.add('ng-content', c, { attributes: c.attributes, attrs: summarise(c.attributes, [], [], [], []) });
    super.visitContent(c);
  }
}

/**
 * Parses an Angular template (external file text, or the whole .ts text plus the inline template's
 * range so spans map to real file lines) and lists every element occurrence, control-flow blocks
 * (`@if`, `@for`, `@switch`, `@defer`) included. Syntax errors are returned, never thrown.
 */
export function walkTemplate(text: string, url: string, range?: TemplateRange): ParsedTemplateResult {
  const parsed = parseTemplate(text, url, {
    preserveWhitespaces: false,
    alwaysAttemptHtmlToR3AstConversion: true,
    ...(range ? { range, escapedString: true } : {}),
  });
  const collector = new Collector();
  for (const node of parsed.nodes) node.visit(collector);
  const errors = (parsed.errors ?? []).map((e) => ({ message: clip(e.msg, 300), line: e.span.start.line + 1 }));
  return { elements: collector.elements, errors };
}
