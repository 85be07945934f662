import type { ExtractContext, Extractor } from '../../model/extractor.js';
import type { FileFacts, PropValue } from '../../model/facts.js';
import { ids } from '../../model/ids.js';
import { addEvent, EXTRACTOR_ERROR, guarded } from '../support/facts.js';
import type { ClassDeclaration, Node } from 'ts-morph';
import { repoPathOf, isTypeScriptSource, sourceFileOf } from '../support/source.js';
import { emitNavTrigger, linkTrigger, type NavTriggerInput } from '../navigation/nav-target.js';
import { inlineTemplates } from './template-sources.js';
import { loopRootOf, menuLinkEntries } from './menu-links.js';
import { routerLinkOf, type RouterLinkFound } from './router-link.js';
import { templateOwnerClass } from './template-owner.js';
import { emitPipeRefs, emitUsage, type UsageOwner } from './usage-facts.js';
import { walkTemplate, type TemplateElement, type TemplateRange } from './template-walk.js';

const PARSER = 'templates';
const MAX_ERRORS = 20;

/** Reads another repo file a loop-driven link's values came from, so a change there re-extracts this one. */
function readerFor(ctx: ExtractContext): (node: Node) => void {
  const seen = new Set<string>([ctx.path]);
  return (node) => {
    const path = repoPathOf(ctx.root, node.getSourceFile().getFilePath());
    if (path && !seen.has(path)) {
      seen.add(path);
      ctx.readRepoFile(path);
    }
  };
}

/**
 * The NavTriggers of one `routerLink`. A binding that reads a loop variable (`item.link` in
 * `*ngFor="let item of menu"` / `@for`) gets one trigger per distinct value of the iterated array
 * literal (`menuEntry: 'menu[0].link'`), when the component's member holds one; otherwise one trigger.
 */
function emitRouterLink(
  ctx: ExtractContext, into: FileFacts, el: TemplateElement, link: RouterLinkFound, extra: NavTriggerInput['extra'],
  ownerClass: () => ClassDeclaration | undefined, onRead: (node: Node) => void,
): string[] {
  const base = { repoId: ctx.repoId, path: ctx.path, line: link.line, col: link.col, endLine: link.endLine, kind: 'routerLink' as const, expression: link.expression };
  if (!link.ast || !el.loop || !loopRootOf(link.ast, el.loop)) return [emitNavTrigger(into, { ...base, target: link.target, extra: extra ?? {} })];
  const entries = menuLinkEntries(link.ast, el.loop, { cls: ownerClass(), onRead });
  const only = entries.length === 1 ? entries[0] : undefined;
  if (only && !only.target.resolved) {
    return [emitNavTrigger(into, { ...base, target: only.target, extra: { ...extra, menuEntry: only.origin } })];
  }
  const seen = new Set<string>();
  const triggers: string[] = [];
  for (const entry of entries) {
    const { target } = entry;
    const variant = target.resolved && target.targetPath !== undefined ? target.targetPath : `?${target.candidatePath ?? entry.origin}`;
    if (seen.has(variant)) continue;
    seen.add(variant);
    triggers.push(emitNavTrigger(into, { ...base, target, variant, extra: { ...extra, menuEntry: entry.origin } }));
  }
  if (triggers.length === 0) triggers.push(emitNavTrigger(into, { ...base, target: { resolved: false, unresolvedReason: 'loop over an empty array' }, extra: extra ?? {} }));
  return triggers;
}

function extractTemplate(
  ctx: ExtractContext, into: FileFacts, owner: UsageOwner, range: TemplateRange | undefined, firers: string[],
  findClass: () => ClassDeclaration | undefined,
): void {
  let cls: { value: ClassDeclaration | undefined } | undefined;
  const ownerClass = (): ClassDeclaration | undefined => (cls ??= { value: findClass() }).value;
  const onRead = readerFor(ctx);
  const { elements, pipes, errors } = walkTemplate(ctx.text, ctx.path, range);
  // Pipes outside any element (top-level `{{ }}`, `@if (x | async)`) are used by the template's owner.
  const topOwner = owner.ownerIds.at(-1);
  if (topOwner) emitPipeRefs(into, topOwner, pipes);
  for (const error of errors.slice(0, MAX_ERRORS)) addEvent(into, PARSER, 'parse_error', error.message, error.line);
  if (errors.length > MAX_ERRORS) addEvent(into, PARSER, 'parse_error', `${errors.length - MAX_ERRORS} more template errors`);
  for (const el of elements) {
    try {
      const usageId = emitUsage(into, owner, el);
      const link = routerLinkOf(el);
      if (!link) continue;
      const extra: Record<string, PropValue> = owner.className ? { className: owner.className } : {};
      for (const triggerId of emitRouterLink(ctx, into, el, link, extra, ownerClass, onRead)) {
        for (const from of [usageId, ...firers]) linkTrigger(into, from, triggerId);
      }
    } catch (error) {
      addEvent(into, PARSER, 'unsupported_syntax', `${EXTRACTOR_ERROR} <${el.tag}>: ${error instanceof Error ? error.message : String(error)}`, el.line);
    }
  }
}

/**
 * Angular templates: external `.html` files (usages owned by the template File) and inline
 * `template:` strings of `@Component` classes (owned by the component Symbol and its .ts File, with
 * real file lines). Every element occurrence → Usage; `routerLink` → NavTrigger.
 */
export const templateExtractor: Extractor = {
  name: PARSER,
  appliesTo: (path) => path.endsWith('.html') || (isTypeScriptSource(path) && !/\.(spec|test|cy)\.[cm]?tsx?$/.test(path)),
  extract(ctx, into) {
    const families = ctx.settings.tagFamilies;
    const fileId = ids.file(ctx.repoId, ctx.path);
    if (ctx.path.endsWith('.html')) {
      try {
        extractTemplate(ctx, into, { repoId: ctx.repoId, path: ctx.path, families, ownerIds: [fileId] }, undefined, [], () => templateOwnerClass(ctx));
      } catch (error) {
        addEvent(into, PARSER, 'parse_error', `${EXTRACTOR_ERROR} template: ${error instanceof Error ? error.message : String(error)}`);
      }
      return;
    }
    if (!ctx.text.includes('template')) return;
    const sf = sourceFileOf(ctx);
    if (!sf) return;
    const { templates, skipped } = inlineTemplates(sf);
    for (const s of skipped) addEvent(into, PARSER, 'unsupported_syntax', `${s.className}: ${s.reason}`, s.line);
    for (const t of templates) {
      guarded(into, PARSER, t.cls, `inline template of ${t.className}`, () => {
        const classId = ids.symbol(ctx.repoId, ctx.path, t.className);
        const owner: UsageOwner = { repoId: ctx.repoId, path: ctx.path, families, ownerIds: [fileId, classId], className: t.className };
        extractTemplate(ctx, into, owner, t.range, [classId], () => t.cls);
      });
    }
  },
};
