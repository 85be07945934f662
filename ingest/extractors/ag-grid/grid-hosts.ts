import { ImplicitReceiver, PropertyRead, Call, BindingPipe, type AST } from '@angular/compiler';
import type { ClassDeclaration, SourceFile } from 'ts-morph';
import type { ExtractContext } from '../../model/extractor.js';
import { resolveAssetPath } from '../angular/component-facts.js';
import { requiredPath, stringValue } from '../support/text.js';
import { componentMetadata, inlineTemplates, propertyValue } from '../templates/template-sources.js';
import { exprAst, exprSource, walkTemplate, type TemplateElement } from '../templates/template-walk.js';

/** An `<ag-grid-angular>` occurrence in a component's template. */
export interface GridHost {
  cls: ClassDeclaration;
  className: string;
  templatePath: string;
  element: TemplateElement;
  /** Bound expression source per grid input (`columnDefs`, `gridOptions`, `components`, …). */
  bindings: Map<string, { source: string; ast: AST }>;
}

const GRID_TAGS = new Set(['ag-grid-angular']);

function templateOf(ctx: ExtractContext, sf: SourceFile, cls: ClassDeclaration): { path: string; elements: TemplateElement[] } | undefined {
  const meta = componentMetadata(cls);
  if (!meta) return undefined;
  // templateUrl, or webpack-era `template: require('./x.html')`; located like the angular extractor does.
  const url = stringValue(propertyValue(meta, 'templateUrl')) ?? requiredPath(propertyValue(meta, 'template'));
  if (url !== undefined) {
    const { path } = resolveAssetPath(ctx, url);
    const text = ctx.readRepoFile(path);
    if (text === undefined || !text.includes('ag-grid-angular')) return undefined;
    return { path, elements: walkTemplate(text, path).elements };
  }
  if (!propertyValue(meta, 'template') || !ctx.text.includes('ag-grid-angular')) return undefined;
  const inline = inlineTemplates(sf).templates.find((t) => t.cls === cls);
  return inline ? { path: ctx.path, elements: walkTemplate(ctx.text, ctx.path, inline.range).elements } : undefined;
}

/** Every ag-Grid table in the templates of a file's component classes. */
export function gridHosts(ctx: ExtractContext, sf: SourceFile): GridHost[] {
  const out: GridHost[] = [];
  for (const cls of sf.getClasses()) {
    const template = templateOf(ctx, sf, cls);
    if (!template) continue;
    for (const element of template.elements) {
      if (!GRID_TAGS.has(element.tag)) continue;
      const bindings = new Map<string, { source: string; ast: AST }>();
      for (const input of element.inputs) bindings.set(input.name, { source: exprSource(input.value), ast: exprAst(input.value) });
      out.push({ cls, className: cls.getName() ?? 'default', templatePath: template.path, element, bindings });
    }
  }
  return out;
}

/** The class member a template binding reads: `cols`, `this.cols`, `cols()`, `cols$ | async`. */
export function boundMember(ast: AST): string | undefined {
  let node: AST = ast;
  if (node instanceof BindingPipe && node.name === 'async') node = node.exp;
  if (node instanceof Call && node.args.length === 0) node = node.receiver;
  if (node instanceof PropertyRead && node.receiver instanceof ImplicitReceiver) return node.name;
  return undefined;
}

/** Whether a class has a member by that name (property, getter or method). */
export function hasMember(cls: ClassDeclaration, name: string): boolean {
  return Boolean(cls.getProperty(name) ?? cls.getGetAccessor(name) ?? cls.getMethod(name))
    || cls.getConstructors().some((c) => c.getParameters().some((p) => p.getName() === name && p.isParameterProperty()));
}
