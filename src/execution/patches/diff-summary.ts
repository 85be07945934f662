/** A one-hunk line summary of a file change (common prefix and suffix lines removed). */
export interface DiffSummary {
  file: string;
  changed: boolean;
  linesBefore: number;
  linesAfter: number;
  linesRemoved: number;
  linesAdded: number;
  hunk: { startLine: number; removed: string[]; added: string[] } | null;
}

const MAX_SHOWN = 200;

/** Summarises the change from `before` to `after` (shown lines capped). */
export function summariseDiff(file: string, before: string, after: string): DiffSummary {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const removed = a.slice(head, a.length - tail);
  const added = b.slice(head, b.length - tail);
  const changed = before !== after;
  return {
    file, changed, linesBefore: a.length, linesAfter: b.length, linesRemoved: removed.length, linesAdded: added.length,
    hunk: changed ? { startLine: head + 1, removed: removed.slice(0, MAX_SHOWN), added: added.slice(0, MAX_SHOWN) } : null,
  };
}
