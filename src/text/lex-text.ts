/**
 * Splits identifiers, paths, selectors and prose into lowercase tokens: camelCase, PascalCase,
 * kebab-case, snake_case, dotted and slashed forms. Ingestion stores `lexText(...)` as `searchText`
 * for the full-text indexes; retrieval tokenises queries the same way, so both sides agree.
 */
export function lexTokens(text: string): string[] {
  const tokens = new Set<string>();
  for (const chunk of text.normalize('NFKC').split(/[^\p{L}\p{N}_$-]+/u)) {
    if (!chunk) continue;
    const whole = chunk.toLowerCase().replace(/^[-_$]+|[-_$]+$/g, '');
    if (whole) tokens.add(whole);
    for (const part of chunk.split(/[-_$]+/)) {
      for (const word of part.split(/(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u)) {
        if (word) tokens.add(word.toLowerCase());
      }
    }
  }
  return [...tokens];
}

/** The `searchText` value for a node: all tokens of all given strings, space-separated. */
export function lexText(...parts: Array<string | undefined | null>): string {
  const tokens = new Set<string>();
  for (const part of parts) if (part) for (const t of lexTokens(part)) tokens.add(t);
  return [...tokens].join(' ');
}
