import { posix } from 'node:path';
import { Node, SyntaxKind, type SourceFile } from 'ts-morph';
import { parseFederationConfig } from '../federation/federation-config.js';
import { remoteLoadOf } from '../federation/remote-load.js';
import type { SymbolEnv } from '../support/resolve-symbol.js';

/** A host route that loads a federated module: `loadChildren: () => loadRemoteModule({…}).then(m => m.X)`. */
export interface RemoteLoader {
  /** Remote container name, `*` when only the entry URL is static. */
  remote: string;
  /** Exposed key (`./routes`). */
  exposed: string;
  exportName?: string;
}

/** Where a remote's container exposes a module that reaches a given routes file. */
export interface Exposure {
  container: string;
  key: string;
  configPath: string;
  targetPath: string;
}

const CONFIG_NAMES = ['webpack.config.js', 'webpack.config.ts', 'module-federation.config.ts', 'module-federation.config.js', 'federation.config.js'];
const EXTENSIONS = ['', '.ts', '.js', '/index.ts'];

/** The federated load inside a `loadChildren` value, with the export its `.then(m => m.X)` picks. */
export function remoteLoaderOf(env: SymbolEnv, file: SourceFile, value: Node): RemoteLoader | undefined {
  for (const call of value.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const load = remoteLoadOf(env.project, file, call);
    if (!load) continue;
    const names = value.getDescendantsOfKind(SyntaxKind.PropertyAccessExpression).map((p) => p.getName()).filter((n) => !['then', 'catch', 'finally'].includes(n));
    const exportName = names.at(-1);
    return { remote: load.remote, exposed: load.exposed, ...(exportName ? { exportName } : {}) };
  }
  return undefined;
}

/** Exposed paths are relative to the webpack context (usually the workspace root) or to the config's folder. */
function resolveExposed(read: (path: string) => string | undefined, configPath: string, target: string): string | undefined {
  const clean = target.replace(/^\.\//, '');
  for (const base of [posix.normalize(clean), posix.normalize(posix.join(posix.dirname(configPath), target))]) {
    if (base.startsWith('..') || base.startsWith('/')) continue;
    for (const ext of EXTENSIONS) if (read(`${base}${ext}`) !== undefined) return `${base}${ext}`;
  }
  return undefined;
}

/**
 * The exposes of the federation configs next to `path`'s project (the folder above its `src/`)
 * and at the repository root whose module is `path` or reaches it (`reach`: NgModule → routing
 * module). Configs are read through `read` so the caller's file depends on them.
 */
export function exposuresOf(read: (path: string) => string | undefined, path: string, reach: (target: string) => Set<string>): Exposure[] {
  const project = /^(.*?)\/?src\//.exec(path)?.[1];
  const dirs = [...new Set([project ?? posix.dirname(path), ''])];
  const out: Exposure[] = [];
  for (const dir of dirs) {
    for (const name of CONFIG_NAMES) {
      const configPath = dir ? `${dir}/${name}` : name;
      const text = read(configPath);
      if (text === undefined || !/exposes/.test(text)) continue;
      let configs;
      try {
        configs = parseFederationConfig(configPath, text).configs;
      } catch {
        continue;
      }
      for (const config of configs) {
        const container = config.name ?? /uniqueName\s*:\s*['"]([^'"]+)['"]/.exec(text)?.[1] ?? posix.basename(dir || '.');
        for (const expose of config.exposes) {
          const targetPath = expose.target !== undefined ? resolveExposed(read, configPath, expose.target) : undefined;
          if (targetPath && (targetPath === path || reach(targetPath).has(path))) out.push({ container, key: expose.key, configPath, targetPath });
        }
      }
    }
  }
  return out;
}
