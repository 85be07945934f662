const IRREGULAR: ReadonlyArray<readonly [string, string]> = [
  ['person', 'people'], ['child', 'children'], ['man', 'men'], ['woman', 'women'], ['index', 'indices'],
  ['matrix', 'matrices'], ['criterion', 'criteria'],
];
const SINGULAR_OF = new Map(IRREGULAR.map(([s, p]) => [p, s]));
const PLURAL_OF = new Map(IRREGULAR);
/** Words whose trailing "s" is not a plural marker. */
const KEEP_S = /(?:ss|us|is|os|as|ics|ous|ness|ies)$/;

/** English singular of a lowercase word (a small rule set; unknown shapes come back unchanged). */
export function singularize(word: string): string {
  const irregular = SINGULAR_OF.get(word);
  if (irregular) return irregular;
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !KEEP_S.test(word)) return word.slice(0, -1);
  return word;
}

/** English plural of a lowercase word (a small rule set). */
export function pluralize(word: string): string {
  const irregular = PLURAL_OF.get(word);
  if (irregular) return irregular;
  if (SINGULAR_OF.has(word)) return word;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(?:s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/**
 * The other number of a lowercase term, inflecting only its last alphabetic segment
 * (`order-details` → `order-detail`, `order` → `orders`). Returns null when nothing changes.
 */
export function otherNumber(term: string): string | null {
  const m = /^(.*?)([a-z]{3,})$/.exec(term);
  if (!m) return null;
  const [, head = '', last = ''] = m;
  const singular = singularize(last);
  if (singular === last && /(?:ed|ing|ly)$/.test(last)) return null;
  const other = singular !== last ? singular : pluralize(last);
  return other === last ? null : head + other;
}
