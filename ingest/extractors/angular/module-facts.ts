import { Node, type ClassDeclaration, type ObjectLiteralExpression } from 'ts-morph';
import type { ExtractContext } from '../../model/extractor.js';
import type { FileFacts, PropValue } from '../../model/facts.js';
import { addEdge, addEvent, addRef } from '../support/facts.js';
import { resolveReference } from '../support/resolve-symbol.js';
import { stringValue, unwrap } from '../support/text.js';
import { entryName, metaArray, metaBoolean, metaString, metaValue } from './decorator-metadata.js';
import { startLine } from '../support/lines.js';

const PARSER = 'angular';

/**
 * @NgModule: `declarations` become `DECLARES` edges to the declared class symbols (unresolvable ones
 * stay as `symbol` references); imports, exports, providers and bootstrap are kept as name lists.
 */
export function ngModuleFacts(
  ctx: ExtractContext, into: FileFacts, cls: ClassDeclaration, classId: string, meta: ObjectLiteralExpression | undefined,
): Record<string, PropValue> {
  const props: Record<string, PropValue> = {};
  const line = startLine(cls);
  for (const key of ['declarations', 'imports', 'exports', 'providers', 'bootstrap', 'schemas'] as const) {
    const { entries, problem } = metaArray(meta, key);
    if (problem) addEvent(into, PARSER, 'unsupported_syntax', `${cls.getName() ?? 'class'}: ${problem}`, line);
    if (!entries.length) continue;
    props[key] = entries.map(entryName);
    if (key !== 'declarations') continue;
    for (const entry of entries) {
      const target = unwrap(entry);
      if (!Node.isIdentifier(target) && !Node.isPropertyAccessExpression(target)) continue;
      const ref = resolveReference(ctx, target);
      if (ref?.kind === 'symbol') addEdge(into, { type: 'DECLARES', from: classId, to: ref.id });
      else if (ref?.kind === 'unresolved') addRef(into, { type: 'DECLARES', from: classId, target: { kind: 'symbol', name: ref.name } });
    }
  }
  return props;
}

/** @Injectable: `providedIn` as text ('root', 'any', 'platform', or the module/class name), null when absent. */
export function injectableFacts(meta: ObjectLiteralExpression | undefined): Record<string, PropValue> {
  const expr = metaValue(meta, 'providedIn');
  if (!expr) return { providedIn: null };
  return { providedIn: stringValue(expr) ?? (Node.isNullLiteral(expr) ? null : expr.getText()) };
}

/** @Pipe: the template name (`pipeName`, since `name` is the class name), purity and standalone. */
export function pipeFacts(
  into: FileFacts, cls: ClassDeclaration, meta: ObjectLiteralExpression | undefined, standaloneDefault: boolean,
): Record<string, PropValue> {
  const props: Record<string, PropValue> = {};
  const name = metaString(meta, 'name');
  if (name.value !== undefined) props.pipeName = name.value;
  if (name.problem) addEvent(into, PARSER, 'unsupported_syntax', `${cls.getName() ?? 'class'}: ${name.problem}`, startLine(cls));
  props.pure = metaBoolean(meta, 'pure') ?? true;
  props.standalone = metaBoolean(meta, 'standalone') ?? standaloneDefault;
  return props;
}
