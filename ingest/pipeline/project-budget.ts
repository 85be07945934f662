import type { Project } from 'ts-morph';
import { routeIndexLoaderPaths } from '../extractors/routes/index.js';
import { repoPathOf } from '../extractors/support/source.js';
import { forgetResolutions } from '../extractors/support/syntax-resolve.js';
import { collectGarbage } from './heap.js';
import type { TsProjectCache } from './project-cache.js';

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
