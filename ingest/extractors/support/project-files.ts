import { dirname, join } from 'node:path';
import type { Project, SourceFile } from 'ts-morph';
import { repoPathOf } from './source.js';

/** Paths that are only asked and walked: a Set, or a view over a kept set and a run's changes (pipeline/snapshot-entries.ts). */
export interface PathSet extends Iterable<string> {
  readonly size: number;
  has(path: string): boolean;
}

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
  paths: PathSet;
  /** The file's text, to test before parsing (undefined when unreadable). */
  text(path: string): string | undefined;
  /** Parses the file into the project. */
  load(path: string): SourceFile | undefined;
  /**
   * Results of named text tests kept across runs (a warm watcher), each with the content hash it was
   * taken on, and the snapshot's content hash of a path: a file whose hash did not move is not read
   * again to be tested. Absent: every test reads the text.
   */
  tested?: { results: Map<string, Map<string, { sha256: string; pass: boolean }>>; sha256(path: string): string | undefined };
  /** Told of every file handed out (by its compiler file name): a run that bounds its project drops the least recently used (pipeline/project-budget.ts). */
  used?(fileName: string): void;
}

const attached = new WeakMap<Project, OnDemandFiles>();

export function attachOnDemandFiles(project: Project, files: OnDemandFiles): void {
  attached.set(project, files);
}

/** The project's source file at an absolute path, loaded on demand when the repository has it. */
export function projectFile(project: Project, abs: string): SourceFile | undefined {
  const files = attached.get(project);
  const held = project.getSourceFile(abs);
  if (held) {
    files?.used?.(held.compilerNode.fileName);
    return held;
  }
  const path = files ? repoPathOf(files.root, abs) : undefined;
  const loaded = files && path && files.paths.has(path) ? files.load(path) : undefined;
  if (loaded) files?.used?.(loaded.compilerNode.fileName);
  return loaded;
}

/**
 * Every TypeScript file of the repository whose text passes `test` (only those are parsed). `name`
 * identifies the test across runs: with it, a file not in the project whose content hash did not move
 * since it was last tested is not read again (see OnDemandFiles.tested).
 */
export function projectFilesWhere(project: Project, test: (text: string) => boolean, name?: string): SourceFile[] {
  const files = attached.get(project);
  if (!files) return project.getSourceFiles().filter((f) => test(f.getFullText()));
  const memo = name && files.tested ? (files.tested.results.get(name) ?? files.tested.results.set(name, new Map()).get(name)!) : undefined;
  const out: SourceFile[] = [];
  for (const path of [...files.paths].sort()) {
    const held = project.getSourceFile(join(files.root, path));
    const pass = held ? test(held.getFullText()) : memo ? passesRemembered(files, memo, path, test) : passesOnText(files, path, test);
    if (!pass) continue;
    const file = held ?? files.load(path);
    if (!file) continue;
    files.used?.(file.compilerNode.fileName);
    out.push(file);
  }
  return out;
}

function passesOnText(files: OnDemandFiles, path: string, test: (text: string) => boolean): boolean {
  const text = files.text(path);
  return text !== undefined && test(text);
}

/** A remembered result for the file's current hash, else the test on its text (remembered when the hash is known). */
function passesRemembered(files: OnDemandFiles, memo: Map<string, { sha256: string; pass: boolean }>, path: string, test: (text: string) => boolean): boolean {
  const sha256 = files.tested?.sha256(path);
  const seen = memo.get(path);
  if (sha256 && seen?.sha256 === sha256) return seen.pass;
  const pass = passesOnText(files, path, test);
  if (sha256) memo.set(path, { sha256, pass });
  return pass;
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
