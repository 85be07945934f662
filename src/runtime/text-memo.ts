/**
 * The last result computed from each key's text, kept while the text stays the same: inputs every
 * ingest run reads and most runs find unchanged (seed and memory files, package.json). At most
 * `limit` keys are kept (a daemon or a test run sees many roots); the least recently used go first.
 */
export function textMemo<T>(limit = 64): (key: string, text: string, compute: (text: string) => T) => T {
  const kept = new Map<string, { text: string; result: T }>();
  return (key, text, compute) => {
    const hit = kept.get(key);
    kept.delete(key);
    const entry = hit?.text === text ? hit : { text, result: compute(text) };
    kept.set(key, entry);
    if (kept.size > limit) kept.delete(kept.keys().next().value as string);
    return entry.result;
  };
}
