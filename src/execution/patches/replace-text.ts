/** A replace_text edit: `oldText` must match exactly once, or at the declared occurrence / inside the line range. */
export interface ReplaceTextEdit {
  oldText: string;
  newText: string;
  /** 1-based occurrence among all exact matches (in the line range when one is given). */
  occurrence?: number;
  /** Only matches starting and ending within these 1-based, inclusive lines count. */
  lineRange?: { start: number; end: number };
}

/** The closest text to what the agent asked for, to show in a deny. */
export interface NearestMatch {
  startLine: number;
  endLine: number;
  text: string;
  /** Line similarity in [0, 1] (1 = every line equal after trimming). */
  similarity: number;
}

export type ReplaceOutcome =
  | { ok: true; text: string; startLine: number; endLine: number }
  | { ok: false; reason: 'not_found' | 'ambiguous' | 'occurrence_out_of_range'; matches: number; matchLines: number[]; nearest: NearestMatch | null };

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function allMatches(text: string, needle: string): number[] {
  const out: number[] = [];
  for (let i = text.indexOf(needle); i !== -1 && out.length < 10_000; i = text.indexOf(needle, i + 1)) out.push(i);
  return out;
}

/** Dice coefficient of character bigrams (linear time; 1 for equal strings). */
export function bigramSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const grams = new Map<string, number>();
  for (let i = 0; i < a.length - 1; i++) grams.set(a.slice(i, i + 2), (grams.get(a.slice(i, i + 2)) ?? 0) + 1);
  let hits = 0;
  for (let i = 0; i < b.length - 1; i++) {
    const g = b.slice(i, i + 2);
    const n = grams.get(g) ?? 0;
    if (n > 0) {
      hits++;
      grams.set(g, n - 1);
    }
  }
  return (2 * hits) / (a.length + b.length - 2);
}

/**
 * The window of lines most similar to `oldText` (same number of lines, mean trimmed-line bigram
 * similarity), bounded to the first 5,000 lines and 200 needle lines so a deny stays cheap.
 */
export function nearestWindow(text: string, oldText: string): NearestMatch | null {
  const lines = text.split('\n').slice(0, 5_000);
  const needle = oldText.split('\n').slice(0, 200).map((l) => l.trim());
  if (lines.length === 0 || needle.length === 0) return null;
  const size = Math.min(needle.length, lines.length);
  let best: NearestMatch | null = null;
  for (let start = 0; start + size <= lines.length; start++) {
    let sum = 0;
    for (let k = 0; k < size; k++) sum += bigramSimilarity(lines[start + k]!.trim(), needle[k]!);
    const similarity = Math.round((sum / needle.length) * 1000) / 1000;
    if (!best || similarity > best.similarity) {
      best = { startLine: start + 1, endLine: start + size, text: lines.slice(start, start + size).join('\n').slice(0, 2_000), similarity };
    }
  }
  return best;
}

/** Applies one replace_text edit to `text`, or explains why it cannot (with the nearest match). */
export function replaceText(text: string, edit: ReplaceTextEdit): ReplaceOutcome {
  const needleLines = edit.oldText.split('\n').length - 1;
  let matches = allMatches(text, edit.oldText);
  if (edit.lineRange) {
    const { start, end } = edit.lineRange;
    matches = matches.filter((m) => {
      const first = lineAt(text, m);
      return first >= start && first + needleLines <= end;
    });
  }
  const matchLines = matches.slice(0, 20).map((m) => lineAt(text, m));
  const fail = (reason: 'not_found' | 'ambiguous' | 'occurrence_out_of_range'): ReplaceOutcome => ({
    ok: false, reason, matches: matches.length, matchLines, nearest: reason === 'not_found' ? nearestWindow(text, edit.oldText) : null,
  });
  if (matches.length === 0) return fail('not_found');
  let at: number;
  if (edit.occurrence !== undefined) {
    if (edit.occurrence > matches.length) return fail('occurrence_out_of_range');
    at = matches[edit.occurrence - 1]!;
  } else {
    if (matches.length > 1) return fail('ambiguous');
    at = matches[0]!;
  }
  const startLine = lineAt(text, at);
  return { ok: true, text: text.slice(0, at) + edit.newText + text.slice(at + edit.oldText.length), startLine, endLine: startLine + needleLines };
}
