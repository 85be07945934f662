import { Node, type ClassDeclaration, type ObjectLiteralExpression, type SourceFile } from 'ts-morph';
import { decoratorNamed } from '../support/decorators.js';
import { requiredPath, unwrap } from '../support/text.js';
import type { TemplateRange } from './template-walk.js';
import { lineAndColumnAt, startLine } from '../support/lines.js';

/** An inline `template:` of a component class, located in its .ts file. */
export interface InlineTemplate {
  className: string;
  cls: ClassDeclaration;
  range: TemplateRange;
}

/** A problem with a component's template property that prevents parsing it. */
export interface TemplateSkip {
  className: string;
  line: number;
  reason: string;
}

/** The object literal passed to a class's `@Component(...)` decorator, if any. */
export function componentMetadata(cls: ClassDeclaration): ObjectLiteralExpression | undefined {
  const deco = decoratorNamed(cls, 'Component');
  const arg = deco?.getArguments()[0];
  const meta = arg ? unwrap(arg) : undefined;
  return meta && Node.isObjectLiteralExpression(meta) ? meta : undefined;
}

/** The initializer of a named property of an object literal (`templateUrl: '…'`). */
export function propertyValue(obj: ObjectLiteralExpression, name: string): Node | undefined {
  const prop = obj.getProperty(name);
  if (prop && Node.isPropertyAssignment(prop)) {
    const init = prop.getInitializer();
    return init ? unwrap(init) : undefined;
  }
  return undefined;
}

function literalRange(sf: SourceFile, literal: Node): TemplateRange {
  const startPos = literal.getStart() + 1;
  const pos = lineAndColumnAt(sf.compilerNode, startPos);
  return { startPos, endPos: literal.getEnd() - 1, startLine: pos.line - 1, startCol: pos.column - 1 };
}

/** Follows `template: TEMPLATE` to a same-file `const TEMPLATE = '…'`. */
function resolveLocalConst(sf: SourceFile, node: Node): Node | undefined {
  if (!Node.isIdentifier(node)) return node;
  const init = sf.getVariableDeclaration(node.getText())?.getInitializer();
  return init ? unwrap(init) : undefined;
}

/**
 * Inline templates of every `@Component` class in a file, as ranges of the file text (so parse
 * positions are real file lines). Templates that are not a plain string are reported, not guessed.
 */
export function inlineTemplates(sf: SourceFile): { templates: InlineTemplate[]; skipped: TemplateSkip[] } {
  const templates: InlineTemplate[] = [];
  const skipped: TemplateSkip[] = [];
  for (const cls of sf.getClasses()) {
    const meta = componentMetadata(cls);
    const raw = meta ? propertyValue(meta, 'template') : undefined;
    // `template: require('./x.html')` is an external template (linked by the angular extractor).
    if (!raw || requiredPath(raw) !== undefined) continue;
    const className = cls.getName() ?? 'default';
    const value = resolveLocalConst(sf, raw);
    if (value && (Node.isStringLiteral(value) || Node.isNoSubstitutionTemplateLiteral(value))) {
      templates.push({ className, cls, range: literalRange(sf, value) });
    } else {
      const reason = value && Node.isTemplateExpression(value) ? 'template literal with ${} substitutions' : 'template is not a string literal';
      skipped.push({ className, line: startLine(raw), reason });
    }
  }
  return { templates, skipped };
}
