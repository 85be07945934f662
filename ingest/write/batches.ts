/** Splits rows into chunks of at most `size` (UNWIND batches). */
export function chunk<T>(rows: readonly T[], size: number): T[][] {
  if (size < 1) throw new RangeError('chunk size must be at least 1');
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Groups items by a key, keeping first-seen order of keys and items. */
export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** Adds `n` to a counter map entry. */
export function bump(counts: Record<string, number>, key: string, n = 1): void {
  counts[key] = (counts[key] ?? 0) + n;
}
