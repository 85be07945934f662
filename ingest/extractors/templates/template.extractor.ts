import type { ExtractContext, Extractor } from '../../model/extractor.js';
import type { FileFacts } from '../../model/facts.js';
import { ids } from '../../model/ids.js';
import { addEvent, EXTRACTOR_ERROR, guarded } from '../support/facts.js';
import { isTypeScriptSource, sourceFileOf } from '../support/source.js';
import { emitNavTrigger, linkTrigger } from '../navigation/nav-target.js';
import { inlineTemplates } from './template-sources.js';
import { routerLinkOf } from './router-link.js';
import { emitUsage, type UsageOwner } from './usage-facts.js';
import { walkTemplate, type TemplateRange } from './template-walk.js';

const PARSER = 'templates';
const MAX_ERRORS = 20;

function extractTemplate(ctx: ExtractContext, into: FileFacts, owner: UsageOwner, range: TemplateRange | undefined, firers: string[], text = ctx.text): void {
  const { elements, errors } = walkTemplate(text, ctx.path, range);
  for (const error of errors.slice(0, MAX_ERRORS)) addEvent(into, PARSER, 'parse_error', error.message, error.line);
  if (errors.length > MAX_ERRORS) addEvent(into, PARSER, 'parse_error', `${errors.length - MAX_ERRORS} more template errors`);
  for (const el of elements) {
    try {
      const usageId = emitUsage(into, owner, el);
      const link = routerLinkOf(el);
      if (!link) continue;
      const triggerId = emitNavTrigger(into, {
        repoId: ctx.repoId, path: ctx.path, line: link.line, col: link.col, endLine: link.endLine,
        kind: 'routerLink', expression: link.expression, target: link.target,
        extra: owner.className ? { className: owner.className } : {},
      });
      for (const from of [usageId, ...firers]) linkTrigger(into, from, triggerId);
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
        extractTemplate(ctx, into, { repoId: ctx.repoId, path: ctx.path, families, ownerIds: [fileId] }, undefined, []);
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
        // The range is an offset into the compiler's text of the file, which has no BOM (ctx.text may).
        extractTemplate(ctx, into, owner, t.range, [classId], sf.getFullText());
      });
    }
  },
};
