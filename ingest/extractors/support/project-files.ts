import { dirname, join } from 'node:path';
import type { Project, SourceFile } from 'ts-morph';
import { repoPathOf } from './source.js';

/**
 * The repository's TypeScript files a project can load when an extractor first needs one (an
 * import target, a loader file, a component next to its template). A run that re-extracts a few
 * files then parses those and what they reach, not the whole repository (ingest/README.md,
 * "On-demand project"). Without an attachment (a test's own project) only the files the project
 * holds exist.
 */
export interface OnDemandFiles {
  root: string;
  /** Repo paths of every TypeScript file of the snapshot. */
  paths: ReadonlySet<string>;
  /** The file's text, to test before parsing (undefined when unreadable). */
  text(path: string): string | undefined;
  /** Parses the file into the project. */
  load(path: string): SourceFile | undefined;
}

const attached = new WeakMap<Project, OnDemandFiles>();

export function attachOnDemandFiles(project: Project, files: OnDemandFiles): void {
  attached.set(project, files);
}

/** The project's source file at an absolute path, loaded on demand when the repository has it. */
export function projectFile(project: Project, abs: string): SourceFile | undefined {
  const held = project.getSourceFile(abs);
  if (held) return held;
  const files = attached.get(project);
  const path = files ? repoPathOf(files.root, abs) : undefined;
  return files && path && files.paths.has(path) ? files.load(path) : undefined;
}

/** Every TypeScript file of the repository whose text passes `test` (only those are parsed). */
export function projectFilesWhere(project: Project, test: (text: string) => boolean): SourceFile[] {
  const files = attached.get(project);
  if (!files) return project.getSourceFiles().filter((f) => test(f.getFullText()));
  const out: SourceFile[] = [];
  for (const path of [...files.paths].sort()) {
    const held = project.getSourceFile(join(files.root, path));
    const text = held ? held.getFullText() : files.text(path);
    if (text === undefined || !test(text)) continue;
    const file = held ?? files.load(path);
    if (file) out.push(file);
  }
  return out;
}

const folders = new WeakMap<OnDemandFiles, Map<string, string[]>>();

/** Repo paths by folder, built once per attachment (every external template asks for its folder). */
function folderIndex(files: OnDemandFiles): Map<string, string[]> {
  let index = folders.get(files);
  if (index) return index;
  index = new Map();
  for (const path of [...files.paths].sort()) {
    const folder = dirname(path);
    const list = index.get(folder);
    if (list) list.push(path);
    else index.set(folder, [path]);
  }
  folders.set(files, index);
  return index;
}

/** The TypeScript files directly in a folder (absolute path). */
export function projectFolderFiles(project: Project, absDir: string): SourceFile[] {
  const files = attached.get(project);
  if (!files) return project.getDirectory(absDir)?.getSourceFiles() ?? [];
  const dir = repoPathOf(files.root, join(absDir, 'x'));
  if (dir === undefined) return [];
  return (folderIndex(files).get(dirname(dir)) ?? []).flatMap((p) => projectFile(project, join(files.root, p)) ?? []);
}

/** A file's text without parsing it: the project's copy, else the snapshot's. */
export function projectFileText(project: Project, abs: string): string | undefined {
  const held = project.getSourceFile(abs);
  if (held) return held.getFullText();
  const files = attached.get(project);
  const path = files ? repoPathOf(files.root, abs) : undefined;
  return files && path && files.paths.has(path) ? files.text(path) : undefined;
}
