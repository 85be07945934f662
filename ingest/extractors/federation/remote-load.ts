import { Node, SyntaxKind, type CallExpression, type SourceFile } from 'ts-morph';
import type { Project } from 'ts-morph';
import { isExactAlias, isPackageSpecifier, resolveModulePath } from '../support/modules.js';
import { stringValue, unwrap } from '../support/text.js';

/** A run-time load of a federated module. `remote` is `*` when only the entry URL or nothing is static. */
export interface RemoteLoad {
  call: CallExpression;
  form: 'loadRemoteModule' | 'loadRemote' | 'import';
  remote: string;
  exposed: string;
  remoteEntry?: string;
  /** Why the remote is not statically known (the pipeline then matches by exposed key only). */
  ambiguity?: string;
}

function objectArg(call: CallExpression): Map<string, Node> | undefined {
  const arg = call.getArguments()[0];
  const obj = arg ? unwrap(arg) : undefined;
  if (!obj || !Node.isObjectLiteralExpression(obj)) return undefined;
  const out = new Map<string, Node>();
  for (const p of obj.getProperties()) if (Node.isPropertyAssignment(p)) out.set(p.getName(), p.getInitializerOrThrow());
  return out;
}

/** Inside a `loadChildren` / `loadComponent` value (where a bare `import('x/Y')` means a remote). */
function inRouteLoader(call: CallExpression): boolean {
  const prop = call.getFirstAncestor((a) => Node.isPropertyAssignment(a));
  return prop !== undefined && Node.isPropertyAssignment(prop) && ['loadChildren', 'loadComponent'].includes(prop.getName());
}

/** Splits `remote/Module` into a remote name and an exposed key (`./Module`). */
function splitSpecifier(spec: string): { remote: string; exposed: string } | undefined {
  const slash = spec.indexOf('/');
  if (slash <= 0 || spec.startsWith('@') || spec.startsWith('.')) return undefined;
  return { remote: spec.slice(0, slash), exposed: `./${spec.slice(slash + 1)}` };
}

/**
 * Reads one call as a federated load: `loadRemoteModule({ type: 'module', remoteEntry, exposedModule })`,
 * `loadRemoteModule({ type: 'manifest', remoteName, exposedModule })`, native federation
 * `loadRemoteModule('remote', './Module')`, `loadRemote('remote/Module')`, and `import('remote/Module')`
 * in a route loader when the specifier is neither a file, a wildcard tsconfig alias nor resolvable
 * (a remote's virtual module) — or is an exact alias (Nx maps `remote/Module` to the remote's entry).
 */
export function remoteLoadOf(project: Project, file: SourceFile, call: CallExpression): RemoteLoad | undefined {
  const callee = call.getExpression();
  const name = Node.isIdentifier(callee) ? callee.getText() : Node.isPropertyAccessExpression(callee) ? callee.getName() : callee.getKind() === SyntaxKind.ImportKeyword ? 'import' : '';
  const args = call.getArguments();
  if (name === 'loadRemoteModule') {
    const opts = objectArg(call);
    if (!opts) {
      const remote = stringValue(args[0]);
      const exposed = stringValue(args[1]);
      if (exposed === undefined) return undefined;
      return remote !== undefined ? { call, form: name, remote, exposed } : { call, form: name, remote: '*', exposed, ambiguity: `remote name is computed: ${args[0]?.getText() ?? ''}` };
    }
    const exposed = stringValue(opts.get('exposedModule'));
    if (exposed === undefined) return undefined;
    const remoteName = stringValue(opts.get('remoteName'));
    const remoteEntry = stringValue(opts.get('remoteEntry'));
    const load: RemoteLoad = { call, form: name, remote: remoteName ?? '*', exposed, ...(remoteEntry ? { remoteEntry } : {}) };
    if (remoteName === undefined && remoteEntry === undefined) load.ambiguity = 'neither remoteName nor remoteEntry is a literal';
    return load;
  }
  const spec = stringValue(args[0]);
  if (spec === undefined) return undefined;
  if (name === 'loadRemote') {
    const parts = splitSpecifier(spec);
    return parts ? { call, form: name, ...parts } : undefined;
  }
  if (name === 'import') {
    const parts = splitSpecifier(spec);
    if (!parts || !inRouteLoader(call)) return undefined;
    // Nx module federation maps each remote to its entry file with an exact alias
    // (`"remote1/Module": ["apps/remote1/.../entry.module.ts"]`) for type checking only: at run
    // time the import is the remote's exposed module, so it is a remote load as well.
    if (isExactAlias(project, spec)) return { call, form: 'import', ...parts };
    if (!isPackageSpecifier(project, spec)) return undefined;
    if (resolveModulePath(project, file.getFilePath(), spec)) return undefined;
    return { call, form: 'import', ...parts };
  }
  return undefined;
}

const LOADER_CALLS = new Set(['loadRemoteModule', 'loadRemote']);

/**
 * Every federated load in a file (cheap text test first), plus the `loadRemoteModule`/`loadRemote`
 * calls whose exposed module is computed (`exposedModule: entry.exposedModule` in routes built
 * from a manifest): those cannot be linked and are returned for the caller to report.
 */
export function remoteLoads(project: Project, file: SourceFile, text: string): { loads: RemoteLoad[]; unread: CallExpression[] } {
  if (!/loadRemote|import\s*\(/.test(text)) return { loads: [], unread: [] };
  const loads: RemoteLoad[] = [];
  const unread: CallExpression[] = [];
  for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const load = remoteLoadOf(project, file, call);
    if (load) loads.push(load);
    else if (LOADER_CALLS.has(call.getExpression().getText())) unread.push(call);
  }
  return { loads, unread };
}
