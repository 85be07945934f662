import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | null | undefined;

/**
 * A full collection, for the moments a run lets go of many syntax trees at once (a streamed project's
 * trim, a one-shot run's project after the last extraction). V8 lets such garbage pile up to about
 * twice the live heap before it collects, so peak memory would not fall without it. The function is
 * the one `--expose-gc` gives, obtained at run time (as test runners do for their heap logs).
 */
export function collectGarbage(): void {
  if (gc === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc') as () => void;
    } catch {
      gc = null;
    }
  }
  gc?.();
}
