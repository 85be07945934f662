import { dirname, isAbsolute, posix, relative, resolve, sep } from 'node:path';
import { ts, type Project } from 'ts-morph';

interface ResolverState {
  host: ts.ModuleResolutionHost;
  results: Map<string, string | undefined>;
  aliasPatterns: RegExp[];
  /** isPackageSpecifier's and guessRepoPath's answers for bare specifiers (each tests every `paths` key). */
  packages: Map<string, boolean>;
  guesses: Map<string, string>;
}

/**
 * The project's resolution host with file and folder existence remembered until the run ends
 * (forgetPathExistence: a later run may find a folder created since, such as `node_modules`). Without
 * it every importing folder walks its ancestors asking the disk for `node_modules` again: a checkout
 * without installed packages, the usual case for a repository read only to be indexed, spent a quarter
 * of its extraction in those stat calls.
 */
function rememberingHost(host: ts.ModuleResolutionHost): ts.ModuleResolutionHost {
  const files = new Map<string, boolean>();
  const folders = new Map<string, boolean>();
  const remember = (known: Map<string, boolean>, ask: (path: string) => boolean) => (path: string): boolean => {
    let answer = known.get(path);
    if (answer === undefined) known.set(path, (answer = ask(path)));
    return answer;
  };
  const directoryExists = host.directoryExists;
  return {
    fileExists: remember(files, (path) => host.fileExists(path)),
    readFile: (path) => host.readFile(path),
    ...(directoryExists ? { directoryExists: remember(folders, (path) => directoryExists.call(host, path)) } : {}),
    ...(host.realpath ? { realpath: host.realpath.bind(host) } : {}),
    ...(host.getCurrentDirectory ? { getCurrentDirectory: host.getCurrentDirectory.bind(host) } : {}),
    ...(host.getDirectories ? { getDirectories: host.getDirectories.bind(host) } : {}),
    ...(host.useCaseSensitiveFileNames !== undefined ? { useCaseSensitiveFileNames: host.useCaseSensitiveFileNames } : {}),
  };
}

const states = new WeakMap<Project, ResolverState>();

function stateOf(project: Project): ResolverState {
  let state = states.get(project);
  if (!state) {
    const options = project.getCompilerOptions();
    state = {
      host: rememberingHost(project.getModuleResolutionHost()),
      results: new Map(),
      packages: new Map(),
      guesses: new Map(),
      aliasPatterns: Object.keys(options.paths ?? {}).map(
        (key) => new RegExp(`^${key.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`),
      ),
    };
    states.set(project, state);
  }
  return state;
}

/** Forgets which files and folders exist (a new run: the disk may have moved; the answers stay). */
export function forgetPathExistence(project: Project): void {
  const state = states.get(project);
  if (state) state.host = rememberingHost(project.getModuleResolutionHost());
}

/** Forgets cached resolutions (a file was added or removed: an answer may change). */
export function forgetModuleResolutions(project: Project): void {
  states.delete(project);
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
    // No compiler resolution cache: `results` keeps the one answer needed, while the compiler's would keep
    // every failed lookup location of every resolution for the run (~40 MB on a 10,000-file monorepo).
    const result = ts.resolveModuleName(specifier, fromFile, project.getCompilerOptions(), state.host);
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
  const state = stateOf(project);
  let answer = state.packages.get(specifier);
  if (answer === undefined) state.packages.set(specifier, (answer = !state.aliasPatterns.some((pattern) => pattern.test(specifier))));
  return answer;
}

/** True when tsconfig `paths` has this exact specifier as a key (no wildcard): `"remote1/Module": [...]`. */
export function isExactAlias(project: Project, specifier: string): boolean {
  return Object.prototype.hasOwnProperty.call(project.getCompilerOptions().paths ?? {}, specifier);
}

/**
 * Where an in-repo specifier that does not resolve would live, as a repo path for a `file`
 * reference (so it links once the file appears): relative specifiers joined to the importing
 * file's folder, tsconfig `paths` aliases replaced by their first mapping (`@acme/ui` →
 * `libs/ui/src/index.ts`). Anything else is returned as written.
 */
export function guessRepoPath(project: Project, root: string, fromPath: string, specifier: string): string {
  if (specifier.startsWith('.')) return posix.normalize(posix.join(posix.dirname(fromPath), specifier));
  const { guesses } = stateOf(project);
  let guess = guesses.get(specifier);
  if (guess === undefined) guesses.set(specifier, (guess = guessAliasPath(project, root, specifier)));
  return guess;
}

/** guessRepoPath for a bare specifier: its first tsconfig `paths` mapping inside the root, else as written. */
function guessAliasPath(project: Project, root: string, specifier: string): string {
  const options = project.getCompilerOptions();
  for (const [key, targets] of Object.entries(options.paths ?? {})) {
    const first = targets[0];
    const star = key.indexOf('*');
    if (!first) continue;
    let captured = '';
    if (star < 0) {
      if (key !== specifier) continue;
    } else {
      const head = key.slice(0, star);
      const tail = key.slice(star + 1);
      if (!specifier.startsWith(head) || !specifier.endsWith(tail) || specifier.length < head.length + tail.length) continue;
      captured = specifier.slice(head.length, specifier.length - tail.length);
    }
    const base = options.baseUrl ?? (options as { pathsBasePath?: string }).pathsBasePath ?? root;
    const abs = resolve(base, first.replace('*', captured));
    const rel = relative(root, abs);
    if (rel && !rel.startsWith('..') && !isAbsolute(rel)) return rel.split(sep).join('/');
  }
  return specifier;
}
