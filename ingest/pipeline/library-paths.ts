import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ts, type Project } from 'ts-morph';

interface Library {
  /** Absolute path of the library's source entry (ng-package.json `lib.entryFile`). */
  entry: string;
  /** Absolute build output folder (ng-package.json `dest`), when given. */
  dest?: string;
}

/**
 * Angular CLI workspaces with libraries (`ng generate library x`) map the library to its build
 * output: `"paths": { "x": ["dist/x"] }`. `dist/` is never ingested, so every `import … from 'x'`
 * would stay unresolved. For an alias whose targets all point into the workspace's `dist/`, the
 * library's source entry (angular.json `projects.<name>.root` + ng-package.json `lib.entryFile`,
 * by default `projects/<name>/src/public-api.ts`) is appended as a last target: the compiler tries
 * `dist/` first, exactly as configured, and falls back to the source that is in the repository.
 * `workspace` is the folder of the tsconfig (the repo root, or e.g. `ClientApp/`).
 */
export function withLibrarySources(project: Project, root: string, workspace = root): void {
  const options = project.getCompilerOptions();
  const paths = options.paths;
  if (!paths) return;
  const base = options.baseUrl ?? (options as { pathsBasePath?: string }).pathsBasePath ?? workspace;
  const libraries = libraryEntries(workspace);
  let changed = false;
  const next: ts.MapLike<string[]> = {};
  for (const [alias, targets] of Object.entries(paths)) {
    next[alias] = targets;
    if (alias.includes('*') || !targets.length) continue;
    const abs = targets.map((t) => resolve(base, t));
    if (!abs.every((t) => inside(join(workspace, 'dist'), t))) continue;
    const entry = sourceEntry(workspace, abs, libraries);
    if (!entry || !inside(root, entry)) continue;
    next[alias] = [...targets, relative(base, entry).split(sep).join('/')];
    changed = true;
  }
  if (changed) project.compilerOptions.set({ paths: next });
}

function inside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Library projects of the workspace's angular.json, by name. */
function libraryEntries(workspace: string): Map<string, Library> {
  const out = new Map<string, Library>();
  const config = readJson(join(workspace, 'angular.json'));
  const projects = config && typeof config.projects === 'object' ? (config.projects as Record<string, { root?: string; projectType?: string }>) : {};
  for (const [name, p] of Object.entries(projects)) {
    if (p?.projectType !== 'library' || typeof p.root !== 'string') continue;
    const libRoot = resolve(workspace, p.root);
    const ngPackage = readJson(join(libRoot, 'ng-package.json'));
    const lib = ngPackage?.lib as { entryFile?: string } | undefined;
    const dest = typeof ngPackage?.dest === 'string' ? resolve(libRoot, ngPackage.dest) : undefined;
    out.set(name, { entry: resolve(libRoot, lib?.entryFile ?? 'src/public-api.ts'), ...(dest ? { dest } : {}) });
  }
  return out;
}

/** The source entry for `dist/<name>[/…]` targets: by ng-package `dest`, then by project name, then the CLI default layout. */
function sourceEntry(workspace: string, targets: string[], libraries: Map<string, Library>): string | undefined {
  for (const target of targets) {
    for (const lib of libraries.values()) if (lib.dest && inside(lib.dest, target) && existsSync(lib.entry)) return lib.entry;
    const name = relative(join(workspace, 'dist'), target).split(sep)[0];
    if (!name) continue;
    const known = libraries.get(name)?.entry;
    for (const candidate of [known, join(workspace, 'projects', name, 'src/public-api.ts'), join(workspace, 'projects', name, 'src/public_api.ts')]) {
      if (candidate && existsSync(candidate)) return candidate;
    }
  }
  return undefined;
}

function readJson(path: string): Record<string, unknown> | undefined {
  try {
    if (!existsSync(path)) return undefined;
    const parsed = ts.parseConfigFileTextToJson(path, readFileSync(path, 'utf8'));
    return parsed.config && typeof parsed.config === 'object' ? (parsed.config as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
