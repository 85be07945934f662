import { z } from 'zod';
import { applyTextEdits, type CodemodDefinition, type TextEdit } from './codemod.types.js';
import { loadTsMorph, parseSource } from './parsers.js';

const identifier = z.string().min(1).max(200).regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/, 'must be a plain identifier');

/** Renames every identifier token named `from` in the file to `to` (declarations, references, members, JSX/decorators alike). */
export const renameIdentifierInFile: CodemodDefinition = {
  id: 'rename_identifier_in_file',
  description: 'Renames every occurrence of an identifier in one TypeScript file (text edits at each token; formatting preserved).',
  extensions: ['.ts', '.tsx', '.js', '.mjs'],
  params: z.strictObject({
    from: identifier.describe('the identifier to rename'),
    to: identifier.describe('its new name'),
  }),
  async apply({ text, filePath, params }) {
    const { from, to } = params as { from: string; to: string };
    const { Node, SyntaxKind } = await loadTsMorph();
    const file = await parseSource(text, filePath);
    const edits: TextEdit[] = [];
    for (const id of file.getDescendantsOfKind(SyntaxKind.Identifier)) {
      if (id.getText() !== from) continue;
      // `{ from }` shorthand would change the property name too: expand it to keep the object's shape.
      const parent = id.getParent();
      const shorthand = parent && Node.isShorthandPropertyAssignment(parent);
      edits.push({ start: id.getStart(), end: id.getEnd(), text: shorthand ? `${from}: ${to}` : to });
    }
    return { text: applyTextEdits(text, edits), changes: edits.length };
  },
};
