import type { LexemeKind } from './lexeme.model.js';
import { GENERIC_WORDS, STOP_WORDS } from './stop-words.js';
import { isUtilityToken } from './utility-tokens.js';

/** The kind a single term has by its shape, with how sure that guess is. */
export interface Classification {
  kind: LexemeKind;
  confidence: number;
}

export interface ClassifyOptions {
  /** First segments that make a bare kebab word a custom-element selector (`sdf-table`). */
  selectorPrefixes: readonly string[];
}

export const DEFAULT_SELECTOR_PREFIXES = ['adp', 'sdf', 'app', 'ag', 'mat', 'cdk', 'ion', 'ng'] as const;

const FILE_EXT = /\.(?:ts|tsx|js|jsx|mjs|cjs|html|htm|scss|sass|less|css|json|jsonc|ya?ml|md|graphql|gql|cypher|d\.ts)$/i;
const PATH_ROOTS = new Set(['src', 'app', 'apps', 'lib', 'libs', 'projects', 'packages', 'test', 'tests', 'e2e', 'cypress', 'ingest', 'cypher', '.ai', 'assets', 'environments']);
/** Uppercase prefixes that look like Jira keys but are standards (`UTF-8`, `ISO-8601`). */
const NOT_TICKET = new Set(['UTF', 'ISO', 'RFC', 'ES', 'ECMA', 'HTTP', 'SHA', 'MD', 'TLS', 'SSL', 'IPV', 'CVE', 'WCAG', 'ANSI', 'IEEE', 'PEP', 'AES', 'RSA', 'X', 'V']);
const FLAG_ROOTS = new Set(['environment', 'env', 'featureflags', 'flags', 'features', 'config', 'settings']);
const METHOD_ENDPOINT = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+\/\S*$/i;
const TAG = /^<\/?[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+(?:\s[^<>]*)?\/?>$/;
const TICKET = /^([A-Z][A-Z0-9]{1,9})-\d{1,7}$/;
const SCREAMING = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
const KEBAB = /^[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+$/;
const PASCAL = /^(?:[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+|[A-Z]{2,}[a-z][A-Za-z0-9]*)$/;
const CAMEL = /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$/;
const SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;
const FLAG_NAME = /^(?:enable|disable|feature|flag|ff|toggle|use)[A-Z]|Enabled$|Flag$|Toggle$/;
const WORD = /^\p{L}[\p{L}\p{N}'’]*$/u;
const MAX_TERM = 256;

function classifyPath(term: string): Classification | null {
  const path = term.replace(/\\/g, '/');
  if (!/[\p{L}\p{N}]/u.test(path)) return null;
  const segments = path.split('/').filter((s) => s.length > 0);
  const last = segments[segments.length - 1] ?? '';
  if (FILE_EXT.test(last)) return { kind: 'FILE_PATH', confidence: 0.95 };
  if (/^\/?api(?:\/|$)/i.test(path) || /^\/v\d+\//i.test(path) || /\{[^{}/]+\}/.test(path)) return { kind: 'ENDPOINT_PATH', confidence: 0.85 };
  const hasParam = segments.some((s) => /^:[\w-]+$/.test(s));
  if (path.startsWith('/')) return { kind: 'ROUTE_SEGMENT', confidence: hasParam ? 0.85 : 0.75 };
  if (path.startsWith('./') || path.startsWith('../') || PATH_ROOTS.has((segments[0] ?? '').toLowerCase()) || segments.length >= 3) {
    return { kind: 'FILE_PATH', confidence: 0.8 };
  }
  if (hasParam) return { kind: 'ROUTE_SEGMENT', confidence: 0.7 };
  return null;
}

/**
 * Classifies one already-isolated term (no surrounding prose) by its shape. Returns null for terms
 * that are not lexemes on their own (stop words, numbers, short words, generic dotted chains).
 */
export function classifyTerm(term: string, options: ClassifyOptions): Classification | null {
  const t = term.trim();
  if (t.length === 0 || t.length > MAX_TERM) return null;
  if (TAG.test(t)) return { kind: 'SELECTOR_TAG', confidence: 0.95 };
  if (METHOD_ENDPOINT.test(t)) return { kind: 'ENDPOINT_PATH', confidence: 0.95 };
  if (/\s/.test(t)) return null;
  const ticket = TICKET.exec(t);
  if (ticket?.[1]) return NOT_TICKET.has(ticket[1]) ? null : { kind: 'TICKET_KEY', confidence: 0.9 };
  if (/[/\\]/.test(t)) return classifyPath(t);
  if (FILE_EXT.test(t) && /^[\w.@-]+$/.test(t) && /[A-Za-z]/.test(t.replace(FILE_EXT, ''))) return { kind: 'FILE_PATH', confidence: 0.9 };
  if (SCREAMING.test(t)) return { kind: 'CONFIG_FLAG', confidence: 0.8 };
  if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(t)) {
    const root = (t.split('.')[0] ?? '').toLowerCase();
    return FLAG_ROOTS.has(root) ? { kind: 'CONFIG_FLAG', confidence: 0.8 } : null;
  }
  const lower = t.toLowerCase();
  if (KEBAB.test(t)) {
    if (isUtilityToken(lower)) return { kind: 'DOMAIN_NOUN', confidence: 0.5 };
    const prefix = lower.split('-')[0] ?? '';
    if (options.selectorPrefixes.includes(prefix)) return { kind: 'SELECTOR_TAG', confidence: 0.85 };
    return { kind: 'DOMAIN_NOUN', confidence: 0.6 };
  }
  if (PASCAL.test(t)) return { kind: 'SYMBOL', confidence: 0.85 };
  if (CAMEL.test(t)) return FLAG_NAME.test(t) ? { kind: 'CONFIG_FLAG', confidence: 0.7 } : { kind: 'SYMBOL', confidence: 0.75 };
  if (SNAKE.test(t)) return { kind: 'SYMBOL', confidence: 0.6 };
  if (WORD.test(t)) {
    if (lower.length < 3 || STOP_WORDS.has(lower)) return null;
    if (isUtilityToken(lower)) return { kind: 'DOMAIN_NOUN', confidence: 0.5 };
    return { kind: 'DOMAIN_NOUN', confidence: GENERIC_WORDS.has(lower) ? 0.2 : 0.45 };
  }
  return null;
}
