import {
  ASTWithSource, Binary, BindingPipe, Call, Conditional, ImplicitReceiver, Interpolation, LiteralPrimitive, ParenthesizedExpression,
  PropertyRead, RecursiveAstVisitor, TmplAstBoundAttribute, TmplAstRecursiveVisitor, TmplAstText, TmplAstTextAttribute,
  type AST, type TmplAstBoundEvent, type TmplAstBoundText, type TmplAstElement, type TmplAstTemplate,
} from '@angular/compiler';
import { parseTemplateOnce, type TemplateSlice } from '../support/parsed-template.js';
import { isUiAttribute, TRANSLATE_PIPES } from './key-shape.js';
import type { KeyUse } from './usage-facts.js';

/** What a template says about translations and visible text. */
export interface TemplateI18n {
  uses: KeyUse[];
  /** Static text: text nodes, the literal parts of interpolations, UI attribute values. */
  fragments: string[];
}

/** A translation function in scope: `*transloco="let t; read: 'dashboard'"` → `t` with prefix `dashboard`. */
interface TranslateFn {
  name: string;
  prefix: string;
}

/** String literals an expression can evaluate to: `'A'`, `ok ? 'A' : 'B'`, `x ?? 'A'`, `('A')`. */
function literals(ast: AST): string[] {
  const e = ast instanceof ASTWithSource ? ast.ast : ast;
  if (e instanceof LiteralPrimitive) return typeof e.value === 'string' ? [e.value] : [];
  if (e instanceof ParenthesizedExpression) return literals(e.expression);
  if (e instanceof Conditional) return [...literals(e.trueExp), ...literals(e.falseExp)];
  if (e instanceof Binary && (e.operation === '??' || e.operation === '||')) return [...literals(e.left), ...literals(e.right)];
  return [];
}

/** An attribute's value as a string: a text attribute's value, or a bound literal (`[x]="'A'"`). */
function attrLiterals(a: TmplAstTextAttribute | TmplAstBoundAttribute): string[] {
  return a instanceof TmplAstTextAttribute ? [a.value] : literals(a.value);
}

/** i18n metadata of a node when it is a whole message (`i18n="…@@id"`), duck-typed (the class is not exported). */
function messageIds(meta: unknown): { customId?: string; id?: string } | undefined {
  const m = meta as { customId?: unknown; id?: unknown; nodes?: unknown } | undefined;
  if (!m || !Array.isArray(m.nodes)) return undefined;
  return { ...(typeof m.customId === 'string' && m.customId ? { customId: m.customId } : {}), ...(typeof m.id === 'string' && m.id ? { id: m.id } : {}) };
}

class KeyCollector extends RecursiveAstVisitor {
  line = 0;
  constructor(private readonly out: KeyUse[], private readonly fns: () => TranslateFn[]) {
    super();
  }

  override visitPipe(ast: BindingPipe, context: unknown): void {
    if (TRANSLATE_PIPES.has(ast.name)) for (const key of literals(ast.exp)) this.out.push({ key, line: this.line, via: `pipe:${ast.name}` });
    super.visitPipe(ast, context);
  }

  override visitCall(ast: Call, context: unknown): void {
    const callee = ast.receiver;
    if (callee instanceof PropertyRead && callee.receiver instanceof ImplicitReceiver && ast.args[0]) {
      const fn = this.fns().findLast((f) => f.name === callee.name);
      if (fn) for (const key of literals(ast.args[0])) this.out.push({ key: fn.prefix ? `${fn.prefix}.${key}` : key, line: this.line, via: 'transloco:t' });
    }
    super.visitCall(ast, context);
  }
}

class TemplateCollector extends TmplAstRecursiveVisitor {
  readonly uses: KeyUse[] = [];
  readonly fragments: string[] = [];
  private readonly fns: TranslateFn[] = [];
  private readonly exprs = new KeyCollector(this.uses, () => this.fns);

  private expr(ast: AST, line: number): void {
    // Most expressions have neither a pipe nor a call: skip the walk when the source says so.
    if (ast instanceof ASTWithSource && typeof ast.source === 'string' && !/[|(]/.test(ast.source)) return;
    this.exprs.line = line;
    ast.visit(this.exprs);
  }

  private message(meta: unknown, line: number): void {
    const ids = messageIds(meta);
    if (ids?.customId) this.uses.push({ key: ids.customId, line, via: 'i18n:id' });
    else if (ids?.id) this.uses.push({ key: ids.id, line, via: 'i18n:digest' });
  }

  /** Attributes, inputs and outputs of an element or template (i18n ids, translate directives, UI text). */
  private node(node: TmplAstElement | TmplAstTemplate, extra: Array<TmplAstTextAttribute | TmplAstBoundAttribute>): void {
    const line = node.sourceSpan.start.line + 1;
    this.message(node.i18n, line);
    for (const a of [...node.attributes, ...node.inputs, ...extra]) {
      const at = a.sourceSpan.start.line + 1;
      if (a instanceof TmplAstTextAttribute) this.message(a.i18n, at);
      if (a.name === 'translate' || a.name === 'transloco') {
        // `<span translate>KEY</span>`: ngx-translate's directive reads the key from the content.
        const values = attrLiterals(a).map((v) => v.trim());
        const content = node.children.filter((c): c is TmplAstText => c instanceof TmplAstText).map((c) => c.value.trim()).join(' ');
        for (const v of values.length === 1 && values[0] === '' && a.name === 'translate' ? [content] : values) {
          if (v && v !== 'yes' && v !== 'no') this.uses.push({ key: v, line: at, via: `directive:${a.name}` });
        }
      } else if (isUiAttribute(a.name)) {
        this.fragments.push(...attrLiterals(a));
      }
      if (a instanceof TmplAstBoundAttribute) this.expr(a.value, at);
    }
    for (const o of node.outputs as TmplAstBoundEvent[]) this.expr(o.handler, o.sourceSpan.start.line + 1);
  }

  override visitElement(el: TmplAstElement): void {
    this.node(el, []);
    super.visitElement(el);
  }

  override visitTemplate(t: TmplAstTemplate): void {
    const attrs = [...t.templateAttrs, ...t.attributes, ...t.inputs];
    const pushed = attrs.some((a) => a.name === 'transloco') ? this.translocoScope(t, attrs) : 0;
    this.node(t, t.templateAttrs);
    super.visitTemplate(t);
    this.fns.splice(this.fns.length - pushed, pushed);
  }

  /** `*transloco="let t; read: 'scope'"` / `<ng-template transloco let-t translocoPrefix="scope">`. */
  private translocoScope(t: TmplAstTemplate, attrs: Array<TmplAstTextAttribute | TmplAstBoundAttribute>): number {
    const prefixAttr = attrs.find((a) => a.name === 'translocoRead' || a.name === 'translocoPrefix');
    const prefix = prefixAttr ? attrLiterals(prefixAttr)[0] ?? '' : '';
    const vars = t.variables.filter((v) => v.value === '$implicit' || v.value === '');
    for (const v of vars) this.fns.push({ name: v.name, prefix });
    return vars.length;
  }

  override visitText(text: TmplAstText): void {
    this.fragments.push(text.value);
  }

  override visitBoundText(text: TmplAstBoundText): void {
    const ast = text.value instanceof ASTWithSource ? text.value.ast : text.value;
    if (ast instanceof Interpolation) this.fragments.push(...ast.strings);
    this.expr(text.value, text.sourceSpan.start.line + 1);
  }
}

/**
 * Translation-key uses and static text of one template (an external file, or an inline template as
 * a `range` of its .ts text so lines are real file lines), on the parse the templates extractor
 * made of the same text. Syntax errors are not reported here: the templates extractor reports them.
 */
export function templateI18n(text: string, url: string, range?: TemplateSlice): TemplateI18n {
  const parsed = parseTemplateOnce(text, url, range);
  const collector = new TemplateCollector();
  for (const node of parsed.nodes) node.visit(collector);
  return { uses: collector.uses, fragments: collector.fragments };
}
