import { posix } from 'node:path';
import type { ClassDeclaration, ObjectLiteralExpression } from 'ts-morph';
import { Node } from 'ts-morph';
import type { ExtractContext } from '../../model/extractor.js';
import type { FileFacts, PropValue, RelType } from '../../model/facts.js';
import { ids } from '../../model/ids.js';
import { addEdge, addEvent, addRef } from '../support/facts.js';
import { requiredPath, stringValue } from '../support/text.js';
import { entryName, metaArray, metaBoolean, metaString, metaValue } from './decorator-metadata.js';
import { bindingsOf } from './inputs-outputs.js';
import { endLine, startLine } from '../support/lines.js';

const PARSER = 'angular';

/**
 * Where a `templateUrl`/`styleUrls` entry points, as a repo path. Angular resolves them relative to
 * the component file; old SystemJS-era code used app-root-relative paths, so ancestors are tried too.
 */
export function resolveAssetPath(ctx: ExtractContext, url: string): { path: string; found: boolean } {
  const clean = url.replace(/^\/+/, '');
  const dir = posix.dirname(ctx.path);
  const candidates = [posix.normalize(posix.join(dir, url))];
  if (!url.startsWith('.')) {
    const parts = dir.split('/');
    for (let i = parts.length - 1; i >= 0; i--) candidates.push(posix.normalize(posix.join(parts.slice(0, i).join('/'), clean)));
  }
  const valid = candidates.filter((c) => !c.startsWith('../') && c !== '..');
  for (const candidate of valid) if (ctx.readRepoFile(candidate) !== undefined) return { path: candidate, found: true };
  return { path: valid[0] ?? clean, found: false };
}

function linkAsset(ctx: ExtractContext, into: FileFacts, classId: string, type: RelType, url: string, line: number): string {
  const { path, found } = resolveAssetPath(ctx, url);
  if (found) addEdge(into, { type, from: classId, to: ids.file(ctx.repoId, path) });
  else {
    addRef(into, { type, from: classId, target: { kind: 'file', path } });
    addEvent(into, PARSER, 'unresolved_reference', `${type === 'TEMPLATES' ? 'templateUrl' : 'styleUrl'} '${url}' not found`, line);
  }
  return path;
}

/** Props and edges shared by @Component and @Directive: selector, standalone, imports, bindings. */
export function directiveFacts(
  ctx: ExtractContext, into: FileFacts, cls: ClassDeclaration, meta: ObjectLiteralExpression | undefined, standaloneDefault: boolean,
): Record<string, PropValue> {
  const props: Record<string, PropValue> = {};
  const line = startLine(cls);
  const selector = metaString(meta, 'selector');
  if (selector.value !== undefined) props.selector = selector.value.replace(/\s+/g, ' ').trim();
  if (selector.problem) addEvent(into, PARSER, 'unsupported_syntax', `${cls.getName() ?? 'class'}: ${selector.problem}`, line);
  props.standalone = metaBoolean(meta, 'standalone') ?? standaloneDefault;
  const exportAs = metaString(meta, 'exportAs').value;
  if (exportAs) props.exportAs = exportAs;
  for (const key of ['imports', 'providers', 'hostDirectives'] as const) {
    const { entries, problem } = metaArray(meta, key);
    if (entries.length) props[key] = entries.map(entryName);
    if (problem) addEvent(into, PARSER, 'unsupported_syntax', `${cls.getName() ?? 'class'}: ${problem}`, line);
  }
  const { inputs, outputs } = bindingsOf(cls, meta);
  props.inputs = inputs;
  props.outputs = outputs;
  return props;
}

/** @Component-only facts: template (external → TEMPLATES edge, inline → flag), styles, change detection. */
export function componentFacts(
  ctx: ExtractContext, into: FileFacts, cls: ClassDeclaration, classId: string, meta: ObjectLiteralExpression | undefined,
): Record<string, PropValue> {
  const props: Record<string, PropValue> = {};
  const line = startLine(cls);
  const templateUrl = metaString(meta, 'templateUrl');
  if (templateUrl.value !== undefined) props.templatePath = linkAsset(ctx, into, classId, 'TEMPLATES', templateUrl.value, line);
  if (templateUrl.problem) addEvent(into, PARSER, 'unsupported_syntax', `${cls.getName() ?? 'class'}: ${templateUrl.problem}`, line);
  const template = metaValue(meta, 'template');
  const required = requiredPath(template);
  if (required !== undefined) props.templatePath = linkAsset(ctx, into, classId, 'TEMPLATES', required, line);
  else if (template) {
    props.inlineTemplate = true;
    props.templateStartLine = startLine(template);
    props.templateEndLine = endLine(template);
    if (stringValue(template) === undefined) {
      addEvent(into, PARSER, 'unsupported_syntax', `${cls.getName() ?? 'class'}: template is not a plain string literal`, startLine(template));
    }
  }
  const styleUrls: string[] = [];
  const single = metaString(meta, 'styleUrl').value;
  if (single !== undefined) styleUrls.push(single);
  for (const entry of metaArray(meta, 'styleUrls').entries) {
    const url = stringValue(entry);
    if (url !== undefined) styleUrls.push(url);
  }
  for (const entry of metaArray(meta, 'styles').entries) {
    const url = requiredPath(entry);
    if (url !== undefined) styleUrls.push(url);
  }
  if (styleUrls.length) props.styleUrls = styleUrls.map((url) => linkAsset(ctx, into, classId, 'STYLES', url, line));
  if (metaValue(meta, 'styles')) props.inlineStyles = true;
  const cd = metaValue(meta, 'changeDetection');
  if (cd) props.changeDetection = Node.isPropertyAccessExpression(cd) ? cd.getName() : cd.getText();
  return props;
}
