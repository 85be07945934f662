import { foldText } from '../shared/sanitize-text.js';
import { compareText, sortedUnique } from '../shared/stable-order.js';
import type { Lexeme, LexemeAlias } from './lexeme.model.js';

interface AliasGroup {
  forms: string[];
  negative: string[];
}

function groups(aliases: readonly LexemeAlias[]): AliasGroup[] {
  return aliases
    .map((a) => ({ forms: sortedUnique([a.term, ...a.aliases].map(foldText).filter(Boolean)), negative: sortedUnique((a.negative ?? []).map(foldText).filter(Boolean)) }))
    .sort((a, b) => compareText(a.forms.join('\u0000'), b.forms.join('\u0000')));
}

/** Result of alias expansion: lexemes with alias variants added, and the negative terms the aliases imply. */
export interface AliasExpansion {
  lexemes: Lexeme[];
  /** Folded terms the matched alias records mark as false friends, with the term that triggered them. */
  negatives: Array<{ norm: string; because: string }>;
}

/**
 * Expands positive lexemes with `LexemeAlias` records: when the norm or a variant equals the term or
 * one of its aliases, the group's other forms become variants (vocabulary mismatch), and the record's
 * `negative` list is returned as negative terms (false friends). Order of `aliases` does not matter.
 */
export function expandAliases(lexemes: readonly Lexeme[], aliases: readonly LexemeAlias[]): AliasExpansion {
  const all = groups(aliases);
  const negatives = new Map<string, string>();
  const expanded = lexemes.map((lx) => {
    if (lx.polarity !== 'positive' || all.length === 0) return lx;
    const keys = new Set([lx.norm, ...lx.variants]);
    const added: string[] = [];
    for (const g of all) {
      if (!g.forms.some((f) => keys.has(f))) continue;
      added.push(...g.forms);
      for (const n of g.negative) {
        const prev = negatives.get(n);
        if (prev === undefined || compareText(lx.norm, prev) < 0) negatives.set(n, lx.norm);
      }
    }
    if (added.length === 0) return lx;
    return { ...lx, variants: sortedUnique([...lx.variants, ...added].filter((v) => v !== lx.norm)).slice(0, 64) };
  });
  return {
    lexemes: expanded,
    negatives: [...negatives.entries()].map(([norm, because]) => ({ norm, because })).sort((a, b) => compareText(a.norm, b.norm)),
  };
}
