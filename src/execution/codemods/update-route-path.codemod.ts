import { z } from 'zod';
import { applyTextEdits, requote, type CodemodDefinition, type TextEdit } from './codemod.types.js';
import { loadTsMorph, parseSource } from './parsers.js';

const routeText = z.string().max(500).refine((s) => !/[\n\r'"`\\]/.test(s), 'no quotes, backslashes or line breaks');
const ROUTE_KEYS = new Set(['path', 'redirectTo']);

/** Rewrites a route path literal in Angular route configs: `path: 'old'` and `redirectTo: 'old'` (quotes kept). */
export const updateRoutePathLiteral: CodemodDefinition = {
  id: 'update_route_path_literal',
  description: "Changes the string literal of `path:` (and `redirectTo:`) properties in route objects from one value to another.",
  extensions: ['.ts', '.tsx', '.js', '.mjs'],
  params: z.strictObject({
    from: routeText.describe("the current route path, without quotes (e.g. 'orders/:id')"),
    to: routeText.describe('the new route path'),
    includeRedirects: z.boolean().optional().describe('also rewrite redirectTo literals (default true)'),
  }),
  async apply({ text, filePath, params }) {
    const p = params as { from: string; to: string; includeRedirects?: boolean };
    const { Node, SyntaxKind } = await loadTsMorph();
    const file = await parseSource(text, filePath);
    const edits: TextEdit[] = [];
    for (const prop of file.getDescendantsOfKind(SyntaxKind.PropertyAssignment)) {
      const key = prop.getNameNode().getText().replace(/^['"]|['"]$/g, '');
      if (!ROUTE_KEYS.has(key) || (key === 'redirectTo' && p.includeRedirects === false)) continue;
      const init = prop.getInitializer();
      if (!init || !(Node.isStringLiteral(init) || Node.isNoSubstitutionTemplateLiteral(init))) continue;
      if (init.getLiteralText() !== p.from) continue;
      edits.push({ start: init.getStart(), end: init.getEnd(), text: requote(init.getText(), p.to) });
    }
    return { text: applyTextEdits(text, edits), changes: edits.length };
  },
};
