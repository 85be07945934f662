import { parseCitation } from '../../src/retrieval/pack/pack-citations.js';

/** The paths of an initialize_work / escalate result's cited files (`contextPack.files`), in rank order. */
export function citedPaths(result: unknown): string[] {
  const files = ((result as { contextPack?: { files?: unknown } }).contextPack?.files ?? []) as string[];
  return files.map((c) => {
    const parsed = parseCitation(c);
    if (!parsed) throw new Error(`not a pack citation: ${c}`);
    return parsed.path;
  });
}
