import { lexTokens } from '../../text/lex-text.js';
import type { Lexeme } from '../lexemes/lexeme.model.js';
import { compareText } from '../shared/stable-order.js';

/** A lexeme with the token sets of its forms (norm + first variants), prepared once per ranking. */
export interface PreparedLexeme {
  lexeme: Lexeme;
  forms: string[][];
}

const MAX_FORMS = 17;

export function prepareLexemes(lexemes: readonly Lexeme[]): PreparedLexeme[] {
  return [...lexemes]
    .sort((a, b) => compareText(a.norm, b.norm) || compareText(a.polarity, b.polarity))
    .map((lexeme) => ({
      lexeme,
      forms: [lexeme.norm, ...lexeme.variants].slice(0, MAX_FORMS).map((f) => lexTokens(f)).filter((t) => t.length > 0),
    }));
}

/**
 * The lexemes a file matches: those a lane reported (`laneMatched`, by norm or variant) and those
 * all of whose tokens, for the norm or some variant, occur among the file's path and hit-name tokens.
 * Returned sorted by norm, split by polarity.
 */
export function matchLexemes(prepared: readonly PreparedLexeme[], fileTokens: ReadonlySet<string>, laneMatched: ReadonlySet<string>): { positive: Lexeme[]; negative: Lexeme[] } {
  const positive: Lexeme[] = [];
  const negative: Lexeme[] = [];
  for (const p of prepared) {
    const { lexeme } = p;
    const reported = laneMatched.has(lexeme.norm) || lexeme.variants.some((v) => laneMatched.has(v));
    const inPath = !reported && p.forms.some((tokens) => tokens.every((t) => fileTokens.has(t)));
    if (!reported && !inPath) continue;
    (lexeme.polarity === 'negative' ? negative : positive).push(lexeme);
  }
  return { positive, negative };
}
