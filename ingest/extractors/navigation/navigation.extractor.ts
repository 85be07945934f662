import type { Extractor } from '../../model/extractor.js';
import { ids } from '../../model/ids.js';
import { guarded } from '../support/facts.js';
import { isTypeScriptSource, sourceFileOf } from '../support/source.js';
import { compact } from '../support/text.js';
import { emitNavTrigger, linkTrigger } from './nav-target.js';
import { routerCalls } from './router-calls.js';
import { endLine, lineAndColumnAt } from '../support/lines.js';

const PARSER = 'navigation';

/**
 * Router navigation in TypeScript: every `router.navigate([...])` / `router.navigateByUrl(...)` call
 * in a class becomes a NavTrigger fired by the class Symbol (for a cell renderer that Symbol is also
 * the CellRenderer), with a TARGETS reference when the target is static.
 */
export const navigationExtractor: Extractor = {
  name: PARSER,
  appliesTo: (path) => isTypeScriptSource(path) && !/\.(spec|test|cy)\.[cm]?tsx?$/.test(path),
  extract(ctx, into) {
    if (!/\.navigate(ByUrl)?\s*\(/.test(ctx.text)) return;
    const sf = sourceFileOf(ctx);
    if (!sf) return;
    for (const cls of sf.getClasses()) {
      guarded(into, PARSER, cls, 'router calls', () => {
        const name = cls.getName();
        if (!name) return;
        const classId = ids.symbol(ctx.repoId, ctx.path, name);
        for (const found of routerCalls(cls)) {
          const start = lineAndColumnAt(sf.compilerNode, found.call.getStart());
          const triggerId = emitNavTrigger(into, {
            repoId: ctx.repoId,
            path: ctx.path,
            line: start.line,
            col: start.column,
            endLine: endLine(found.call),
            kind: found.kind,
            expression: compact(found.call.getArguments().map((a) => a.getText()).join(', ')),
            target: found.target,
            extra: { className: name, ...(found.member ? { member: found.member } : {}) },
          });
          linkTrigger(into, classId, triggerId);
        }
      });
    }
  },
};
