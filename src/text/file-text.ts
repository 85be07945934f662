import { ts } from 'ts-morph';
import { lexTokens } from './lex-text.js';

/**
 * The searchable text of one file, split into the fields the content lanes weigh differently
 * (RETRIEVAL-EVIDENCE.md "fielded lexical"): its name, its folders, the identifiers it uses (split on
 * camel/kebab/snake case, the whole form kept), the words people read (string literals, template
 * text, literal attribute values) and its comments. Stored on the File node; two full-text indexes
 * (graph-schema/migrations/0010-file-content.cypher) rank files by them.
 */
export interface FileTextFields {
  ftName: string;
  ftFolders: string;
  ftIdents: string;
  ftText: string;
  ftComments: string;
}

/** Per field, so one generated or vendored file cannot dominate the graph's size (about 4 pages of code). */
export const MAX_FIELD_CHARS = 24_000;
/** Folders nearest the file carry the feature's name; the rest is layout (`src/app/…`). */
const FOLDERS_KEPT = 4;

/**
 * `lexTokens(identifier).join(' ')`, remembered: a repository repeats the same identifiers in
 * thousands of files, and splitting them was most of this module's cost. Bounded, so a huge run
 * cannot grow it without limit (it is simply cleared).
 */
const WORDS_KEPT = 200_000;
const wordsOf = new Map<string, string>();
function identifierWords(identifier: string): string {
  let words = wordsOf.get(identifier);
  if (words === undefined) {
    if (wordsOf.size >= WORDS_KEPT) wordsOf.clear();
    words = lexTokens(identifier).join(' ');
    wordsOf.set(identifier, words);
  }
  return words;
}

class FieldBuffer {
  private readonly parts: string[] = [];
  private size = 0;
  push(text: string): void {
    if (!text || this.size >= MAX_FIELD_CHARS) return;
    const room = MAX_FIELD_CHARS - this.size;
    const piece = text.length > room ? text.slice(0, room) : text;
    this.parts.push(piece);
    this.size += piece.length + 1;
  }
  pushIdentifier(identifier: string): void {
    this.push(identifierWords(identifier));
  }
  toString(): string {
    return this.parts.join(' ');
  }
}

interface Buffers {
  idents: FieldBuffer;
  text: FieldBuffer;
  comments: FieldBuffer;
}

function stripCommentMarkers(comment: string): string {
  return comment.replace(/^\/\*+|\*+\/$|^\/\/+/g, '').replace(/^\s*\*+/gm, ' ');
}

// Read once: `ts` from ts-morph is a namespace of getters, and a lookup per token was a third of the scan.
const K = ts.SyntaxKind;
const [IDENTIFIER, PRIVATE_IDENTIFIER, STRING, NO_SUBST_TEMPLATE, TEMPLATE_HEAD, TEMPLATE_MIDDLE, TEMPLATE_TAIL] = [
  K.Identifier, K.PrivateIdentifier, K.StringLiteral, K.NoSubstitutionTemplateLiteral, K.TemplateHead, K.TemplateMiddle, K.TemplateTail,
];
const [OPEN_BRACE, CLOSE_BRACE, LINE_COMMENT, BLOCK_COMMENT, EOF] = [K.OpenBraceToken, K.CloseBraceToken, K.SingleLineCommentTrivia, K.MultiLineCommentTrivia, K.EndOfFileToken];
const LATEST = ts.ScriptTarget.Latest;
const STANDARD = ts.LanguageVariant.Standard;

/** TypeScript and JavaScript: the compiler's scanner, so strings, templates and comments are told apart exactly. */
function scanScript(text: string, out: Buffers): void {
  const scanner = ts.createScanner(LATEST, false, STANDARD, text);
  // Open template literals: how many `{` are open inside the current `${ … }` of each.
  const templates: number[] = [];
  for (let kind = scanner.scan(); kind !== EOF; kind = scanner.scan()) {
    if (kind === CLOSE_BRACE && templates.length > 0 && templates[templates.length - 1] === 0) {
      kind = scanner.reScanTemplateToken(false);
    }
    // Keywords name the language, not the feature; punctuation and numbers say nothing.
    switch (kind) {
      case IDENTIFIER:
      case PRIVATE_IDENTIFIER:
        out.idents.pushIdentifier(scanner.getTokenValue());
        break;
      case STRING:
      case NO_SUBST_TEMPLATE:
        out.text.push(scanner.getTokenValue());
        break;
      case TEMPLATE_HEAD:
        out.text.push(scanner.getTokenValue());
        templates.push(0);
        break;
      case TEMPLATE_MIDDLE:
        out.text.push(scanner.getTokenValue());
        break;
      case TEMPLATE_TAIL:
        out.text.push(scanner.getTokenValue());
        templates.pop();
        break;
      case OPEN_BRACE:
        if (templates.length > 0) templates[templates.length - 1]! += 1;
        break;
      case CLOSE_BRACE:
        if (templates.length > 0) templates[templates.length - 1]! -= 1;
        break;
      case LINE_COMMENT:
      case BLOCK_COMMENT:
        out.comments.push(stripCommentMarkers(scanner.getTokenText()));
        break;
      default:
        break;
    }
  }
}

const BOUND_ATTRIBUTE = /^(\[|\(|\*|#|let-|@)/;

/** Angular and plain HTML templates: element and attribute names and bound expressions are identifiers; text and literal values are read by people. */
function scanTemplate(text: string, out: Buffers): void {
  const tag = /<!--([\s\S]*?)-->|<\/?([A-Za-z][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+)/g;
  for (const m of text.matchAll(tag)) {
    if (m[1] !== undefined) out.comments.push(m[1]);
    else if (m[2] !== undefined) {
      out.idents.pushIdentifier(m[2]);
      scanAttributes(m[3] ?? '', out);
    } else if (m[4] !== undefined) scanTextNode(m[4], out);
  }
}

function scanAttributes(attributes: string, out: Buffers): void {
  const attr = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
  for (const m of attributes.matchAll(attr)) {
    const name = m[1] ?? '';
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    out.idents.pushIdentifier(name);
    if (!value) continue;
    if (BOUND_ATTRIBUTE.test(name)) out.idents.pushIdentifier(value);
    else scanTextNode(value, out);
  }
}

/** Text with `{{ interpolations }}`: the literal parts are UI text, the expressions identifiers. */
function scanTextNode(text: string, out: Buffers): void {
  let rest = text;
  for (let open = rest.indexOf('{{'); open >= 0; open = rest.indexOf('{{')) {
    const close = rest.indexOf('}}', open + 2);
    if (close < 0) break;
    out.text.push(rest.slice(0, open).trim());
    const expression = rest.slice(open + 2, close);
    for (const quoted of expression.matchAll(/'([^']*)'|"([^"]*)"/g)) out.text.push(quoted[1] ?? quoted[2] ?? '');
    out.idents.pushIdentifier(expression.replace(/'[^']*'|"[^"]*"/g, ' '));
    rest = rest.slice(close + 2);
  }
  out.text.push(rest.trim());
}

function scanStyle(text: string, out: Buffers): void {
  for (const m of text.matchAll(/\/\*([\s\S]*?)\*\/|\/\/[^\n]*|"([^"]*)"|'([^']*)'|([^/"']+|\/)/g)) {
    if (m[1] !== undefined) out.comments.push(m[1]);
    else if (m[0].startsWith('//')) out.comments.push(m[0].slice(2));
    else if (m[2] !== undefined || m[3] !== undefined) out.text.push(m[2] ?? m[3] ?? '');
    else out.idents.pushIdentifier(m[0]);
  }
}

/** JSON: keys are identifiers (translation keys, config names), string values are text. */
function scanJson(text: string, out: Buffers): void {
  for (const m of text.matchAll(/"((?:[^"\\]|\\.)*)"(\s*:)?/g)) {
    const value = (m[1] ?? '').replace(/\\(["\\/bfnrt])/g, ' ');
    if (m[2]) out.idents.pushIdentifier(value);
    else out.text.push(value);
  }
}

const SCRIPT_EXTS = new Set(['ts', 'tsx', 'mts', 'cts', 'js', 'mjs', 'cjs', 'jsx']);
const STYLE_EXTS = new Set(['scss', 'sass', 'css', 'less']);

function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1) : '';
}

/**
 * Splits a file's text into the searchable fields. Total on any input: unknown or malformed content
 * falls back to plain text, and each field is capped at MAX_FIELD_CHARS.
 */
export function fileTextFields(path: string, text: string): FileTextFields {
  const out: Buffers = { idents: new FieldBuffer(), text: new FieldBuffer(), comments: new FieldBuffer() };
  const name = path.slice(path.lastIndexOf('/') + 1);
  const stem = name.replace(/\.[^.]+$/, '');
  const folders = path.split('/').slice(0, -1).slice(-FOLDERS_KEPT);
  const ext = extensionOf(path);
  if (text) {
    if (SCRIPT_EXTS.has(ext)) scanScript(text, out);
    else if (ext === 'html' || ext === 'htm') scanTemplate(text, out);
    else if (STYLE_EXTS.has(ext)) scanStyle(text, out);
    else if (ext === 'json' || ext === 'json5') scanJson(text, out);
    else out.text.push(text);
  }
  return {
    ftName: lexTokens(stem).join(' '),
    ftFolders: folders.flatMap((f) => lexTokens(f)).join(' '),
    ftIdents: out.idents.toString(),
    ftText: out.text.toString(),
    ftComments: out.comments.toString(),
  };
}
