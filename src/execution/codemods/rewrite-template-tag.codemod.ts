import type { TmplAstElement, TmplAstRecursiveVisitor as RecursiveVisitor } from '@angular/compiler';
import { z } from 'zod';
import { AppError } from '../../errors/index.js';
import { applyTextEdits, type CodemodDefinition, type TextEdit } from './codemod.types.js';
import { loadAngularCompiler, loadTsMorph, parseSource } from './parsers.js';

const tag = z.string().min(1).max(100).regex(/^[A-Za-z][A-Za-z0-9]*(-[A-Za-z0-9]+)*$/, 'must be an element name such as adp-button');

interface TemplateRange { startPos: number; startLine: number; startCol: number; endPos: number }

type TagSpansVisitor = RecursiveVisitor & { readonly edits: TextEdit[] };

let tagSpansClass: (new (text: string, from: string, to: string) => TagSpansVisitor) | undefined;

/** The visitor class, defined once @angular/compiler is loaded (its base class comes from there). */
async function tagSpans(text: string, from: string, to: string): Promise<TagSpansVisitor> {
  const { TmplAstRecursiveVisitor } = await loadAngularCompiler();
  tagSpansClass ??= class TagSpans extends TmplAstRecursiveVisitor {
    readonly edits: TextEdit[] = [];
    constructor(private readonly text: string, private readonly from: string, private readonly to: string) {
      super();
    }

    override visitElement(el: TmplAstElement): void {
      if (el.name === this.from) {
        // The parser's spans: `<name …>` starts at startSourceSpan, `</name>` at endSourceSpan (absent or equal when void/self-closing).
        const open = el.startSourceSpan.start.offset + 1;
        if (this.text.slice(open, open + this.from.length) === this.from) this.edits.push({ start: open, end: open + this.from.length, text: this.to });
        const end = el.endSourceSpan;
        if (end && end.start.offset !== el.startSourceSpan.start.offset) {
          const close = end.start.offset + 2;
          if (this.text.slice(end.start.offset, close) === '</' && this.text.slice(close, close + this.from.length) === this.from) {
            this.edits.push({ start: close, end: close + this.from.length, text: this.to });
          }
        }
      }
      super.visitElement(el);
    }
  };
  return new tagSpansClass(text, from, to);
}

async function tagEdits(text: string, url: string, from: string, to: string, range?: TemplateRange): Promise<TextEdit[]> {
  const { parseTemplate } = await loadAngularCompiler();
  const parsed = parseTemplate(text, url, { preserveWhitespaces: true, ...(range ? { range, escapedString: true } : {}) });
  if (parsed.errors && parsed.errors.length > 0) {
    const first = parsed.errors[0]!;
    throw new AppError('INVALID_ARGS', {
      message: `The template does not parse, so its tags cannot be rewritten safely: ${first.msg.slice(0, 200)}`,
      details: { file: url, line: first.span.start.line + 1 },
    });
  }
  const visitor = await tagSpans(text, from, to);
  for (const node of parsed.nodes) node.visit(visitor);
  const seen = new Set<number>();
  return visitor.edits.filter((e) => (seen.has(e.start) ? false : (seen.add(e.start), true)));
}

/** Inline `template:` literals of the file's decorators, as ranges of the whole file text. */
async function inlineTemplateRanges(text: string, filePath: string): Promise<TemplateRange[]> {
  const { Node, SyntaxKind } = await loadTsMorph();
  const file = await parseSource(text, filePath);
  const ranges: TemplateRange[] = [];
  for (const prop of file.getDescendantsOfKind(SyntaxKind.PropertyAssignment)) {
    if (prop.getNameNode().getText().replace(/^['"]|['"]$/g, '') !== 'template') continue;
    if (!prop.getFirstAncestorByKind(SyntaxKind.Decorator)) continue;
    const init = prop.getInitializer();
    if (!init || !(Node.isStringLiteral(init) || Node.isNoSubstitutionTemplateLiteral(init))) continue;
    const startPos = init.getStart() + 1;
    const { line, column } = file.getLineAndColumnAtPos(startPos);
    ranges.push({ startPos, startLine: line - 1, startCol: column - 1, endPos: init.getEnd() - 1 });
  }
  return ranges;
}

/**
 * Renames an element in Angular templates — start and end tags, from `@angular/compiler` source spans —
 * in an external template (.html) or the inline `template:` of a component (.ts). Attributes,
 * bindings, whitespace and every other byte are kept.
 */
export const rewriteTemplateTag: CodemodDefinition = {
  id: 'rewrite_template_tag',
  description: 'Renames an element (start and end tags) in an Angular template, external (.html) or inline (.ts), keeping attributes and formatting.',
  extensions: ['.html', '.ts'],
  params: z.strictObject({
    from: tag.describe('the current element name (e.g. adp-button)'),
    to: tag.describe('the new element name (e.g. sdf-button)'),
  }),
  async apply({ text, filePath, params }) {
    const { from, to } = params as { from: string; to: string };
    const edits: TextEdit[] = [];
    if (filePath.endsWith('.html')) edits.push(...await tagEdits(text, filePath, from, to));
    else for (const range of await inlineTemplateRanges(text, filePath)) edits.push(...await tagEdits(text, filePath, from, to, range));
    return { text: applyTextEdits(text, edits), changes: edits.length };
  },
};
