import { dirname } from 'node:path';
import { ts, type Project } from 'ts-morph';

interface ResolverState {
  cache: ts.ModuleResolutionCache;
  results: Map<string, string | undefined>;
  aliasPatterns: RegExp[];
}

const states = new WeakMap<Project, ResolverState>();

function stateOf(project: Project): ResolverState {
  let state = states.get(project);
  if (!state) {
    const options = project.getCompilerOptions();
    const cwd = project.getFileSystem().getCurrentDirectory();
    state = {
      cache: ts.createModuleResolutionCache(cwd, (f) => f, options),
      results: new Map(),
      aliasPatterns: Object.keys(options.paths ?? {}).map(
        (key) => new RegExp(`^${key.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`),
      ),
    };
    states.set(project, state);
  }
  return state;
}

/**
 * Resolves a module specifier the way the compiler does (relative paths, index files, tsconfig
 * `paths`), for specifiers that are not static imports: `import('…')` calls and the legacy
 * `loadChildren: 'path#Name'` strings. Returns the absolute file path, or undefined.
 */
export function resolveModulePath(project: Project, fromFile: string, specifier: string): string | undefined {
  const state = stateOf(project);
  const key = `${dirname(fromFile)}\0${specifier}`;
  if (state.results.has(key)) return state.results.get(key);
  let resolved: string | undefined;
  try {
    const result = ts.resolveModuleName(specifier, fromFile, project.getCompilerOptions(), project.getModuleResolutionHost(), state.cache);
    resolved = result.resolvedModule?.resolvedFileName;
  } catch {
    resolved = undefined;
  }
  state.results.set(key, resolved);
  return resolved;
}

/** True when a bare specifier names an npm package rather than a tsconfig `paths` alias. */
export function isPackageSpecifier(project: Project, specifier: string): boolean {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return false;
  return !stateOf(project).aliasPatterns.some((pattern) => pattern.test(specifier));
}
