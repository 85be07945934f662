import { lexTokens } from '../../text/lex-text.js';
import { foldText, sanitizeText } from '../shared/sanitize-text.js';
import { sortedUnique } from '../shared/stable-order.js';
import { otherNumber } from './inflection.js';
import type { LexemeKind } from './lexeme.model.js';

/** Angular class-name suffixes whose file stem drops them (`OrderDetailComponent` → `order-detail`). */
const ANGULAR_SUFFIXES = new Set(['component', 'service', 'module', 'directive', 'pipe', 'guard', 'resolver', 'interceptor', 'store', 'effects', 'facade']);
const CAMEL_BOUNDARY = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u;
const MAX_NORM = 512;

/**
 * Lowercase word parts of an identifier or phrase, in order, split on whitespace, punctuation,
 * `-`, `_`, `$` and camelCase boundaries — the same boundaries `lexTokens` uses for the full-text side.
 */
export function wordParts(raw: string): string[] {
  const parts: string[] = [];
  for (const chunk of sanitizeText(raw).split(/[^\p{L}\p{N}]+/u)) {
    if (!chunk) continue;
    for (const word of chunk.split(CAMEL_BOUNDARY)) if (word) parts.push(word.toLowerCase());
  }
  return parts;
}

/** Full-text tokens of a term, exactly as ingestion tokenises `searchText` (see src/text/lex-text.ts). */
export function termTokens(raw: string): string[] {
  return lexTokens(sanitizeText(raw));
}

/** `<sdf-table class="x">`, `</sdf-table>`, `<sdf-table/>` → `sdf-table`; anything else comes back trimmed. */
export function stripSelector(raw: string): string {
  const m = /^\s*<\/?\s*([A-Za-z][\w.-]*)(?:\s[^<>]*)?\/?>?\s*$/.exec(raw);
  return m?.[1] ?? raw.trim();
}

/** Removes wrapping quotes/brackets, trailing sentence punctuation, call parentheses and a possessive `'s`. */
export function trimPunctuation(raw: string): string {
  let s = raw.trim().replace(/^["'`“”‘’«»]+|["'`“”‘’«»]+$/g, '');
  s = s.replace(/[.,;:!?]+$/, '').replace(/^([A-Za-z_$][\w$.]*)\([^()]*\)$/, '$1').replace(/(?<=\p{L})['’]s$/u, '');
  if (/^[([]/.test(s) && !/[)\]]$/.test(s)) s = s.slice(1);
  if (/[)\]]$/.test(s) && !/[([]/.test(s)) s = s.slice(0, -1);
  return s.trim();
}

function normalizePathLike(folded: string): string {
  let s = folded.replace(/\\/g, '/').replace(/[?#].*$/, '').replace(/\/{2,}/g, '/');
  if (s.length > 1) s = s.replace(/\/+$/, '');
  return s;
}

/** The canonical (casefolded) form of a term of a given kind. */
export function normalizeTerm(kind: LexemeKind, raw: string): string {
  const folded = foldText(trimPunctuation(raw));
  let norm: string;
  switch (kind) {
    case 'SELECTOR_TAG':
      norm = foldText(stripSelector(trimPunctuation(raw)));
      break;
    case 'ENDPOINT_PATH': {
      const path = normalizePathLike(folded.replace(/^(?:get|post|put|patch|delete|head|options)\s+/, ''));
      norm = (path.startsWith('/') ? path : `/${path}`).replace(/\/:([\w-]+)/g, '/{$1}');
      break;
    }
    case 'ROUTE_SEGMENT': {
      const path = normalizePathLike(folded);
      norm = path.startsWith('/') ? path : `/${path}`;
      break;
    }
    case 'FILE_PATH':
      norm = normalizePathLike(folded).replace(/^(?:\.\/)+/, '');
      break;
    default:
      norm = folded;
  }
  return norm.slice(0, MAX_NORM);
}

/** `order-detail` / `order_detail` / `orderDetail` parts joined the other ways. */
function caseVariants(parts: string[]): string[] {
  if (parts.length < 2) return [];
  return [parts.join('-'), parts.join('_'), parts.join('')];
}

/**
 * Casefolded alternative forms that should match like the norm: plural/singular, kebab↔camel (a
 * camelCase form casefolds to the joined word, `orderDetail` → `orderdetail`), Angular file stems,
 * path basenames, `:param`↔`{param}`. Sorted, without the norm itself.
 */
export function termVariants(kind: LexemeKind, raw: string, norm: string): string[] {
  const out: string[] = [];
  const parts = wordParts(kind === 'SELECTOR_TAG' ? stripSelector(raw) : raw);
  switch (kind) {
    case 'SYMBOL':
    case 'GRID_FIELD':
    case 'CONFIG_FLAG': {
      out.push(...caseVariants(parts));
      const last = parts[parts.length - 1];
      if (kind === 'SYMBOL' && parts.length >= 2 && last && ANGULAR_SUFFIXES.has(last)) {
        out.push(parts.slice(0, -1).join('-'));
        out.push(`${parts.slice(0, -1).join('-')}.${last}`);
      }
      break;
    }
    case 'SELECTOR_TAG':
      out.push(parts.join(''));
      break;
    case 'DOMAIN_NOUN': {
      out.push(...caseVariants(parts));
      const other = otherNumber(norm);
      if (other) out.push(other);
      if (parts.length >= 2) {
        const joinedOther = otherNumber(parts.join('-'));
        if (joinedOther) out.push(joinedOther);
      }
      break;
    }
    case 'ROUTE_SEGMENT':
      if (norm.length > 1) out.push(norm.slice(1));
      break;
    case 'ENDPOINT_PATH':
      if (norm.includes('{')) out.push(norm.replace(/\{([\w-]+)\}/g, ':$1'));
      {
        const method = /^\s*(get|post|put|patch|delete|head|options)\s+/i.exec(raw)?.[1];
        if (method) out.push(`${method.toLowerCase()} ${norm}`);
      }
      break;
    case 'FILE_PATH': {
      const base = norm.split('/').pop() ?? '';
      if (base && base !== norm) out.push(base);
      const stem = base.replace(/(?:\.(?:spec|test|cy|e2e|stories))?\.[a-z0-9]{1,8}$/, '');
      if (stem && stem !== base) out.push(stem);
      const angular = /^(.*)\.([a-z]+)$/.exec(stem);
      if (angular?.[1] && angular[2] && ANGULAR_SUFFIXES.has(angular[2])) out.push(angular[1]);
      break;
    }
    default:
      break;
  }
  return sortedUnique(out.map((v) => v.slice(0, MAX_NORM)).filter((v) => v.length > 0 && v !== norm));
}
