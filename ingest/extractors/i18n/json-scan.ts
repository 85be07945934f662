/**
 * A small JSON reader for translation files. JSON.parse cannot say on which line a key is, keeps
 * the last of duplicate keys silently, and recurses without bound; this scanner reports every leaf
 * with its path and line, reports duplicates, and skips (iteratively) values nested deeper than
 * `maxDepth`. String escapes are decoded by JSON.parse on the string's own slice, so they are exact.
 * It also takes what JSON5 and JSONC translation files use: `//` and `/* *\/` comments (DSpace's
 * `*.json5` comment out untranslated keys) and a comma before the closing bracket.
 * It never throws: a syntax error ends the scan with an error and the leaves read so far.
 */

export type JsonScalar = string | number | boolean | null;

export interface JsonLeaf {
  path: string[];
  value: JsonScalar;
  line: number;
  /** True when the leaf is (inside) an array element. */
  inArray: boolean;
}

export interface JsonScanProblem {
  kind: 'duplicate' | 'too_deep' | 'syntax';
  message: string;
  line: number;
}

export interface JsonScanResult {
  /** The top-level value's kind ('object', 'array', 'scalar'), or undefined when the text is not JSON. */
  root?: 'object' | 'array' | 'scalar';
  problems: JsonScanProblem[];
}

export interface JsonScanOptions {
  maxDepth: number;
  /** Strings longer than this are cut before decoding (a 10 MB value costs a slice, not a decode). */
  maxString: number;
  onLeaf(leaf: JsonLeaf): void;
}

class SyntaxProblem extends Error {}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

export function scanJson(text: string, options: JsonScanOptions): JsonScanResult {
  let i = 0;
  let line = 1;
  const problems: JsonScanProblem[] = [];
  const fail = (what: string): never => {
    throw new SyntaxProblem(`${what} at line ${line}`);
  };
  /** Skips white space and comments. */
  const ws = (): void => {
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) line++;
      else if (c === 47 && text.charCodeAt(i + 1) === 47) {
        const end = text.indexOf('\n', i);
        i = (end < 0 ? text.length : end) - 1;
      } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
        const end = text.indexOf('*/', i + 2);
        if (end < 0) fail('unterminated comment');
        for (let j = i; j < end; j++) if (text.charCodeAt(j) === 10) line++;
        i = end + 1;
      } else if (c !== 32 && c !== 9 && c !== 13) return;
    }
  };
  /** The end index (exclusive) of the string starting at `i` (a quote). */
  const stringEnd = (): number => {
    for (let j = i + 1; j < text.length; j++) {
      const c = text.charCodeAt(j);
      if (c === 92) j++;
      else if (c === 34) return j + 1;
      else if (c === 10) break;
    }
    return fail('unterminated string');
  };
  const readString = (): string => {
    const start = i;
    const end = stringEnd();
    i = end;
    if (end - start <= options.maxString + 2) {
      try {
        return JSON.parse(text.slice(start, end)) as string;
      } catch {
        return fail('invalid string');
      }
    }
    // Cut: the cut may split an escape (`\u00`), so drop up to 6 trailing characters until it decodes.
    const cut = text.slice(start, start + options.maxString + 1);
    for (let drop = 0; drop <= 6; drop++) {
      try {
        return JSON.parse(`${cut.slice(0, cut.length - drop)}"`) as string;
      } catch {
        // try a shorter cut
      }
    }
    return cut.slice(1);
  };
  /** Skips one value without recursion (used past maxDepth). */
  const skipValue = (): void => {
    let depth = 0;
    do {
      ws();
      const c = text[i];
      if (c === undefined) fail('unexpected end');
      if (c === '"') i = stringEnd();
      else {
        if (c === '{' || c === '[') depth++;
        else if (c === '}' || c === ']') depth--;
        i++;
      }
    } while (depth > 0);
  };
  const value = (path: string[], depth: number, inArray: boolean): void => {
    ws();
    const c = text[i];
    const at = line;
    if (c === '{' || c === '[') {
      if (depth >= options.maxDepth) {
        problems.push({ kind: 'too_deep', message: `${path.join('.')}: nested deeper than ${options.maxDepth} levels, skipped`, line: at });
        skipValue();
        return;
      }
      if (c === '{') object(path, depth, inArray);
      else array(path, depth);
      return;
    }
    if (c === '"') return void options.onLeaf({ path, value: readString(), line: at, inArray });
    NUMBER.lastIndex = i;
    const num = NUMBER.exec(text);
    if (num) {
      i += num[0].length;
      return void options.onLeaf({ path, value: Number(num[0]), line: at, inArray });
    }
    for (const [word, v] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return void options.onLeaf({ path, value: v, line: at, inArray });
      }
    }
    fail(c === undefined ? 'unexpected end' : `unexpected ${JSON.stringify(c)}`);
  };
  const object = (path: string[], depth: number, inArray: boolean): void => {
    i++;
    const seen = new Set<string>();
    ws();
    if (text[i] === '}') return void i++;
    for (;;) {
      ws();
      if (text[i] === '}') return void i++; // after a trailing comma
      if (text[i] !== '"') fail('expected a key');
      const keyLine = line;
      const key = readString();
      if (seen.has(key)) problems.push({ kind: 'duplicate', message: `duplicate key "${[...path, key].join('.')}" (the last one wins)`, line: keyLine });
      seen.add(key);
      ws();
      if (text[i] !== ':') fail('expected ":"');
      i++;
      value([...path, key], depth + 1, inArray);
      ws();
      if (text[i] === ',') i++;
      else if (text[i] === '}') return void i++;
      else fail('expected "," or "}"');
    }
  };
  const array = (path: string[], depth: number): void => {
    i++;
    ws();
    if (text[i] === ']') return void i++;
    for (let n = 0; ; n++) {
      ws();
      if (text[i] === ']') return void i++; // after a trailing comma
      value([...path, String(n)], depth + 1, true);
      ws();
      if (text[i] === ',') i++;
      else if (text[i] === ']') return void i++;
      else fail('expected "," or "]"');
    }
  };
  let root: JsonScanResult['root'];
  try {
    ws();
    const first = text[i];
    root = first === '{' ? 'object' : first === '[' ? 'array' : 'scalar';
    value([], 0, false);
    ws();
    if (i < text.length) fail('unexpected text after the JSON value');
  } catch (error) {
    if (!(error instanceof SyntaxProblem)) throw error;
    problems.push({ kind: 'syntax', message: error.message, line });
  }
  return root === undefined ? { problems } : { root, problems };
}
