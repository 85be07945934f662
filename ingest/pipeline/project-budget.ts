import type { Project } from 'ts-morph';
import { routeIndexLoaderPaths } from '../extractors/routes/index.js';
import { repoPathOf } from '../extractors/support/source.js';
import { forgetResolutions } from '../extractors/support/syntax-resolve.js';
import { collectGarbage } from './heap.js';
import type { TsProjectCache } from './project-cache.js';

/**
 * Heap bytes a TypeScript syntax tree holds per character of its source: 16 to 27 on five public Angular
 * repositories (ever-gauzy 16, DSpace 21, ghostfolio 23, kendraio 25, ngx-admin 27; ingest/README.md,
 * "Streamed project"). A value near the upper end, so the estimate errs towards streaming.
 */
export const TREE_BYTES_PER_CHAR = 24;
/**
 * A full run holds every tree while they are estimated at most this share of the heap limit. Under
 * `--max-old-space-size`, first ingests holding every tree peaked at 1.5 (ever-gauzy) to 2.5 (DSpace) times
 * the estimate in RSS, and completed under heap limits of 1.65 and 2.7 times it.
 */
const HOLD_ALL_SHARE = 0.4;
/** Otherwise a streamed run's trees take about this share. */
const STREAMED_SHARE = 1 / 4;
/** Fewer would parse most files again for every importer; a heap that small is short of memory anyway. */
const MIN_STREAMED_FILES = 25;

/**
 * The project budget of a full run when none is set (`projectMaxFiles: 'auto'`): 0 (hold every file) when
 * the estimated trees fit the heap with room for the rest of the run, else the files whose trees take a
 * quarter of it. So a repository too large for the machine streams instead of running out of memory
 * (ever-gauzy under a 700 MB heap limit did), and one that fits is not slowed down.
 */
export function automaticProjectBudget(tsFiles: number, tsChars: number, heapLimit: number): number {
  const trees = tsChars * TREE_BYTES_PER_CHAR;
  if (tsFiles === 0 || trees <= heapLimit * HOLD_ALL_SHARE) return 0;
  const files = Math.max(MIN_STREAMED_FILES, Math.floor((heapLimit * STREAMED_SHARE) / (trees / tsFiles)));
  return files >= tsFiles ? 0 : files;
}

/**
 * Bounds the parsed files a large run holds (`projectMaxFiles`; ingest/README.md, "Streamed project").
 * The project is not filled up front: each file is parsed when it is extracted or first read by another
 * file's extraction, and after each batch the least recently used files beyond the budget are dropped
 * (parsed again if a later file needs them). The lazy-route index's loader files stay: the index reads
 * every loader file again once one of them is parsed anew.
 */
export class ProjectBudget {
  /** Compiler file name (absolute) → the batch in which the file was last used. */
  private readonly lastUse = new Map<string, number>();
  private batch = 0;
  /** Files dropped so far (a later use parses them again). */
  dropped = 0;

  constructor(
    private readonly cache: TsProjectCache,
    private readonly root: string,
    readonly maxFiles: number,
  ) {}

  /** Called with the compiler file name of every file an extractor gets from the project (held or loaded). */
  readonly used = (fileName: string): void => {
    this.lastUse.set(fileName, this.batch);
  };

  /** After a batch: once over the budget, drops the least recently used files down to ¾ of it. */
  trim(project: Project): void {
    this.batch++;
    const files = project.getSourceFiles();
    if (files.length <= this.maxFiles) return;
    const pinned = routeIndexLoaderPaths(project);
    const candidates = files
      .map((file) => ({ file, fileName: file.compilerNode.fileName, path: repoPathOf(this.root, file.compilerNode.fileName) }))
      .filter(({ path }) => path === undefined || !pinned.has(path))
      .sort((a, b) => (this.lastUse.get(a.fileName) ?? -1) - (this.lastUse.get(b.fileName) ?? -1));
    const excess = files.length - Math.floor((this.maxFiles * 3) / 4);
    for (const { file, fileName, path } of candidates.slice(0, excess)) {
      project.removeSourceFile(file);
      this.lastUse.delete(fileName);
      if (path !== undefined) this.cache.shas.delete(path);
      this.dropped++;
    }
    // Resolutions memoised in the files kept point at nodes of the dropped ones: a dropped file parsed
    // again is new nodes, and the old ones would stay in memory and answer for it. The `export *`
    // indexes hold paths only, and the files did not change: they stay.
    forgetResolutions(project, { keepStarIndexes: true, changed: [] });
    collectGarbage();
  }
}
