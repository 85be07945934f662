const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Bidi embeddings/overrides/isolates, marks, zero-width characters and the BOM: invisible, and able to disguise text. */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/**
 * Makes arbitrary input safe to tokenise: lone surrogates and control characters become spaces,
 * invisible/bidi characters are removed, then NFKC folds compatibility forms (full-width letters,
 * ligatures). Never throws; linear time.
 */
export function sanitizeText(input: string): string {
  return input.replace(LONE_SURROGATE, ' ').replace(CONTROL, ' ').replace(INVISIBLE, '').normalize('NFKC');
}

/** Casefolded, NFKC-normalised, whitespace-collapsed form of a term. */
export function foldText(input: string): string {
  return sanitizeText(input).toLowerCase().replace(/\s+/g, ' ').trim();
}
