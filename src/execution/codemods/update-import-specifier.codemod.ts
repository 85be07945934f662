import { z } from 'zod';
import { applyTextEdits, requote, type CodemodDefinition, type TextEdit } from './codemod.types.js';
import { loadTsMorph, parseSource } from './parsers.js';

const name = z.string().min(1).max(200).regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/, 'must be a plain identifier');
const moduleText = z.string().min(1).max(500).refine((s) => !/[\n\r'"`\\]/.test(s), 'no quotes, backslashes or line breaks');

const params = z.strictObject({
  moduleSpecifier: moduleText.describe('the module specifier of the import(s) to update, exactly as written'),
  newModuleSpecifier: moduleText.optional().describe('the new module specifier'),
  namedImport: name.optional().describe('a named import of that module to rename (its imported name, not the alias)'),
  newNamedImport: name.optional().describe('the new imported name (the local alias, if any, is kept)'),
}).refine((p) => p.newModuleSpecifier !== undefined || (p.namedImport !== undefined && p.newNamedImport !== undefined), 'give newModuleSpecifier, or namedImport with newNamedImport')
  .refine((p) => (p.namedImport === undefined) === (p.newNamedImport === undefined), 'namedImport and newNamedImport go together');

/** Updates imports (and re-exports) of one module: its specifier and/or one named import. */
export const updateImportSpecifier: CodemodDefinition = {
  id: 'update_import_specifier',
  description: 'Changes the module specifier of matching import/export declarations and/or renames one named import of that module.',
  extensions: ['.ts', '.tsx', '.js', '.mjs'],
  params,
  async apply({ text, filePath, params: p }) {
    const input = p as z.output<typeof params>;
    const { Node } = await loadTsMorph();
    const file = await parseSource(text, filePath);
    const edits: TextEdit[] = [];
    const decls = [...file.getImportDeclarations(), ...file.getExportDeclarations()];
    for (const decl of decls) {
      const literal = decl.getModuleSpecifier();
      if (!literal || literal.getLiteralText() !== input.moduleSpecifier) continue;
      if (input.newModuleSpecifier !== undefined) {
        edits.push({ start: literal.getStart(), end: literal.getEnd(), text: requote(literal.getText(), input.newModuleSpecifier) });
      }
      if (input.namedImport === undefined || input.newNamedImport === undefined) continue;
      const specifiers = Node.isImportDeclaration(decl) ? decl.getNamedImports() : decl.getNamedExports();
      for (const spec of specifiers) {
        const nameNode = spec.getNameNode();
        if (nameNode.getText() !== input.namedImport) continue;
        // Without an alias, keep the local name the file uses: `{ Old }` → `{ New as Old }`.
        const hasAlias = spec.getAliasNode() !== undefined;
        const replacement = hasAlias || !Node.isImportSpecifier(spec) ? input.newNamedImport : `${input.newNamedImport} as ${input.namedImport}`;
        edits.push({ start: nameNode.getStart(), end: nameNode.getEnd(), text: replacement });
      }
    }
    return { text: applyTextEdits(text, edits), changes: edits.length };
  },
};
