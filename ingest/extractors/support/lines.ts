import type { Node, ts } from 'ts-morph';

/**
 * 1-based line numbers of a node's start and end, as ts-morph's `getStartLineNumber()` and
 * `getEndLineNumber()` give them (one plus the `\n` characters before the position), from an index of
 * the file's newlines built once per parsed file. ts-morph counts the newlines from the start of the
 * text on every call, so a file's facts cost time quadratic in its length.
 */
const newlineIndexes = new WeakMap<ts.SourceFile, Uint32Array>();

function newlinesOf(file: ts.SourceFile): Uint32Array {
  let index = newlineIndexes.get(file);
  if (index) return index;
  const text = file.text;
  const positions: number[] = [];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) positions.push(at);
  index = Uint32Array.from(positions);
  newlineIndexes.set(file, index);
  return index;
}

/** One plus the number of `\n` before `pos` in the file's text. */
export function lineAt(file: ts.SourceFile, pos: number): number {
  const newlines = newlinesOf(file);
  let low = 0;
  let high = newlines.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((newlines[mid] as number) < pos) low = mid + 1;
    else high = mid;
  }
  return low + 1;
}

/** The line of the node's first token (leading trivia and JSDoc excluded), like `getStartLineNumber()`. */
export function startLine(node: Node): number {
  return lineAt(node.getSourceFile().compilerNode, node.getStart());
}

/** The line of the node's end, like `getEndLineNumber()`. */
export function endLine(node: Node): number {
  return lineAt(node.getSourceFile().compilerNode, node.getEnd());
}

/** Line and 1-based column of a position, like ts-morph's `SourceFile.getLineAndColumnAtPos` (a column starts after `\n` or `\r`). */
export function lineAndColumnAt(file: ts.SourceFile, pos: number): { line: number; column: number } {
  const text = file.text;
  let lineStart = pos;
  while (lineStart > 0) {
    const previous = text.charCodeAt(lineStart - 1);
    if (previous === 10 || previous === 13) break;
    lineStart--;
  }
  return { line: lineAt(file, pos), column: pos - lineStart + 1 };
}
