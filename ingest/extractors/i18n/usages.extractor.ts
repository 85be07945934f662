import type { Extractor } from '../../model/extractor.js';
import type { FileFacts } from '../../model/facts.js';
import { ids } from '../../model/ids.js';
import { addEvent, EXTRACTOR_ERROR } from '../support/facts.js';
import { isTypeScriptSource, sourceFileOf } from '../support/source.js';
import { inlineTemplates } from '../templates/template-sources.js';
import { templateI18n } from './template-i18n.js';
import { tsKeyUses } from './ts-i18n.js';
import { emitKeyRefs, emitUiText, USAGE_PARSER, type KeyUse } from './usage-facts.js';
import { lineAt } from '../support/lines.js';

const SPEC = /\.(spec|test|cy|e2e)\.[cm]?tsx?$/;

/** Runs one unit; a throw becomes an `unsupported_syntax` event (the extractor stays total). */
function unit(into: FileFacts, what: string, fn: () => void, line?: number): void {
  try {
    fn();
  } catch (error) {
    addEvent(into, USAGE_PARSER, 'unsupported_syntax', `${EXTRACTOR_ERROR} ${what}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500), line);
  }
}

/**
 * Where translations are used, and what templates show:
 * - `USES_KEY` references from the File of every template (`.html`, or the `.ts` of an inline
 *   template) and TypeScript file that uses a key (pipes, directives, transloco, i18n ids, calls,
 *   `$localize` ids, key-shaped literals);
 * - one `UiText` node per template with its static text.
 */
export const translationUsagesExtractor: Extractor = {
  name: USAGE_PARSER,
  appliesTo: (path) => /\.html?$/.test(path) || (isTypeScriptSource(path) && !SPEC.test(path)),
  extract(ctx, into) {
    const uses: KeyUse[] = [];
    if (/\.html?$/.test(ctx.path)) {
      unit(into, 'template', () => {
        const found = templateI18n(ctx.text, ctx.path);
        uses.push(...found.uses);
        const endLine = ctx.text.split('\n').length;
        emitUiText(into, { repoId: ctx.repoId, path: ctx.path, startLine: 1, endLine }, found.fragments);
      });
    } else {
      const sf = sourceFileOf(ctx);
      if (!sf) return;
      if (ctx.text.includes('template')) {
        unit(into, 'inline templates', () => {
          for (const t of inlineTemplates(sf).templates) {
            unit(into, `inline template of ${t.className}`, () => {
              const found = templateI18n(ctx.text, ctx.path, t.range);
              uses.push(...found.uses);
              const owner = { repoId: ctx.repoId, path: ctx.path, className: t.className, startLine: t.range.startLine + 1, endLine: lineAt(sf.compilerNode, t.range.endPos) };
              emitUiText(into, owner, found.fragments);
            }, t.range.startLine + 1);
          }
        });
      }
      unit(into, 'TypeScript', () => void uses.push(...tsKeyUses(sf.compilerNode)));
    }
    emitKeyRefs(into, ids.file(ctx.repoId, ctx.path), uses);
  },
};
