import { describe, expect, it } from 'vitest';
import { Project, ts } from 'ts-morph';
import { endLine, lineAndColumnAt, lineAt, startLine } from '../../../ingest/extractors/support/lines.js';

function parsed(text: string) {
  const project = new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true, compilerOptions: { target: ts.ScriptTarget.ES2022 } });
  return project.createSourceFile('/repo/a.ts', text);
}

/** Texts where a line index could disagree with ts-morph: CRLF, a lone CR, U+2028, a BOM, JSDoc before a node, a final newline. */
const TEXTS: Record<string, string> = {
  lf: 'import { A } from "./a";\n\n/** doc\n * more */\n@Component({\n  selector: "x",\n})\nexport class X {\n  m() { return 1; }\n}\n',
  crlf: 'const a = 1;\r\n\r\n/** doc */\r\nexport function f() {\r\n  return a;\r\n}\r\n',
  'lone cr': 'const a = 1;\rconst b = 2;\nexport class Y {}\r',
  'line separator': 'const a = "x";\u2028const b = 2;\nexport const c = [\n  1,\n];',
  bom: '\uFEFF// header\nexport interface I {\n  a: string;\n}\n',
  'no newline': 'export const z = 1;',
};

describe('line numbers from a newline index', () => {
  for (const [name, text] of Object.entries(TEXTS)) {
    it(`agrees with ts-morph on every node (${name})`, () => {
      const file = parsed(text);
      const nodes = [file, ...file.getDescendants()];
      expect(nodes.length).toBeGreaterThan(3);
      for (const node of nodes) {
        expect([startLine(node), endLine(node)]).toEqual([node.getStartLineNumber(), node.getEndLineNumber()]);
      }
      for (let pos = 0; pos <= file.getFullText().length; pos++) expect(lineAndColumnAt(file.compilerNode, pos)).toEqual(file.getLineAndColumnAtPos(pos));
    });
  }

  it('counts the newlines before a position', () => {
    const file = parsed('a;\nb;\n\nc;').compilerNode;
    expect([0, 2, 3, 6, 7, 9].map((pos) => lineAt(file, pos))).toEqual([1, 1, 2, 3, 4, 4]);
  });

  it('indexes a re-parsed file anew', () => {
    const file = parsed('a;\nb;');
    const b = file.getStatements()[1]!;
    expect(startLine(b)).toBe(2);
    file.replaceWithText('\n\na;\nb;');
    expect(startLine(file.getStatements()[1]!)).toBe(4);
  });
});
