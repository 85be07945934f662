/**
 * Runs `fn` when `signal` aborts, or at once when it already has: a listener added after an abort
 * never fires, so a caller that attaches late would otherwise run on, uncancelled. Returns the
 * function that detaches it.
 */
export function onAbort(signal: AbortSignal | undefined, fn: () => void): () => void {
  if (!signal) return () => undefined;
  if (signal.aborted) {
    fn();
    return () => undefined;
  }
  signal.addEventListener('abort', fn, { once: true });
  return () => signal.removeEventListener('abort', fn);
}
