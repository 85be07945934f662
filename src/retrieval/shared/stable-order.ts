/** Locale-independent string order (UTF-16 code units), so a sort never depends on the host's locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Rounds to `digits` decimals and turns -0 into 0, so equal scores serialise identically everywhere. */
export function round(value: number, digits = 6): number {
  if (!Number.isFinite(value)) return 0;
  const f = 10 ** digits;
  const r = Math.round(value * f) / f;
  return r === 0 ? 0 : r;
}

/** Sorted, de-duplicated copy of a string list. */
export function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort(compareText);
}

/** Clamps a number into [min, max]; NaN becomes min. */
export function clamp(value: number, min: number, max: number): number {
  if (Number.isNaN(value)) return min;
  return Math.min(max, Math.max(min, value));
}
