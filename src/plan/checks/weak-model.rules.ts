import type { ChangeNode } from '../schema/nodes.schema.js';

/**
 * The weak-model ambiguity rule set: deterministic, lexical rules over a change node's editIntent.
 * Each rule names one way a weak executor would have to "figure things out". Matching is on the
 * lower-cased text with word boundaries, so results never depend on anything but the plan text.
 */
export interface AmbiguityFinding {
  rule: AmbiguityRuleId;
  /** Field of editIntent the finding is about. */
  field: 'instruction' | 'location' | 'after' | 'before';
  message: string;
  fixHint: string;
}

export type AmbiguityRuleId =
  | 'vague_phrase'
  | 'no_location'
  | 'location_not_targeted'
  | 'inverted_line_range'
  | 'no_replacement'
  | 'placeholder_replacement'
  | 'no_op_edit';

/**
 * Phrases that defer a decision to the executor. A phrase is listed only when it is vague in any
 * context; verbs that can be concrete ("adjust the padding to 12px") are not listed.
 */
export const VAGUE_PHRASES: readonly string[] = [
  'accordingly', 'as needed', 'as necessary', 'if needed', 'if necessary', 'where needed', 'where necessary',
  'as appropriate', 'where appropriate', 'appropriately', 'if applicable', 'as you see fit', 'etc', 'and so on',
  'and so forth', 'and the like', 'or similar', 'similar changes', 'something like', 'some kind of', 'somehow',
  'whatever', 'tbd', 'figure out', 'relevant parts',
  'clean up', 'tidy up', 'fix it', 'fix this', 'fix the issue', 'fix the problem', 'fix things', 'handle it',
  'handle this', 'handle properly', 'make it work', 'make it better', 'improve it', 'improve the code',
];

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const VAGUE = new RegExp(`(?<![a-z0-9-])(?:${VAGUE_PHRASES.map(escape).join('|')})(?![a-z0-9-])`, 'i');

/** Placeholders that mean the replacement text is not actually written out. */
const PLACEHOLDER = /\b(?:TODO|FIXME|TBD)\b|<\s*your[ -]|\[(?:insert|add|your)\b[^\]\n]{0,80}\]|\/\*\s*\.{3}\s*\*\/|\/\/\s*\.{3}|<!--\s*\.{3}\s*-->|^\s*\.{3}\s*$|…/m;

/** The vague phrase an instruction contains, if any. */
export function findVaguePhrase(instruction: string): string | null {
  const match = VAGUE.exec(instruction);
  return match ? match[0] : null;
}

/** Every ambiguity finding of a change node, in rule order. */
export function ambiguityFindings(node: ChangeNode): AmbiguityFinding[] {
  const out: AmbiguityFinding[] = [];
  const { instruction, location, before, after } = node.editIntent;
  const vague = findVaguePhrase(instruction);
  if (vague !== null) {
    out.push({ rule: 'vague_phrase', field: 'instruction', message: `The instruction defers a decision to the executor ("${vague}").`, fixHint: 'Spell out exactly what changes: name the element, attribute or statement and its new value.' });
  }
  const located = location.symbol !== undefined || location.lineStart !== undefined || location.anchorText !== undefined;
  if (!located) {
    out.push({ rule: 'no_location', field: 'location', message: 'The edit has no target location.', fixHint: 'Set editIntent.location.symbol, a line range, or a verbatim anchorText line from the file.' });
  }
  if (location.symbol !== undefined && node.targetSymbols.length > 0 && !node.targetSymbols.includes(location.symbol)) {
    out.push({ rule: 'location_not_targeted', field: 'location', message: `The location names \`${location.symbol.slice(0, 80)}\`, which is not one of targetSymbols.`, fixHint: 'Locate the edit at one of targetSymbols, or add the symbol to targetSymbols.' });
  }
  if (location.lineStart !== undefined && location.lineEnd !== undefined && location.lineEnd < location.lineStart) {
    out.push({ rule: 'inverted_line_range', field: 'location', message: 'The location ends before it starts.', fixHint: 'Give lineStart ≤ lineEnd.' });
  }
  if ((node.operation === 'create' || node.operation === 'modify') && after === undefined) {
    out.push({ rule: 'no_replacement', field: 'after', message: `A ${node.operation} edit without the new text leaves the executor to write it.`, fixHint: 'Put the exact new text in editIntent.after.' });
  }
  if (node.operation === 'delete' && before === undefined) {
    out.push({ rule: 'no_replacement', field: 'before', message: 'A delete without the exact text to remove leaves the executor to choose it.', fixHint: 'Put the exact text to delete in editIntent.before.' });
  }
  if (after !== undefined && PLACEHOLDER.test(after)) {
    out.push({ rule: 'placeholder_replacement', field: 'after', message: 'The new text contains a placeholder instead of the actual code.', fixHint: 'Write the complete replacement text; no TODO, ellipsis or "your code here".' });
  }
  if (node.operation === 'modify' && before !== undefined && after !== undefined && before === after) {
    out.push({ rule: 'no_op_edit', field: 'after', message: 'The new text equals the old text.', fixHint: 'Give the changed text in editIntent.after, or drop the node.' });
  }
  return out;
}
