import { posix } from 'node:path';
import type { ExtractContext, Extractor } from '../../model/extractor.js';
import type { FileFacts, PropValue } from '../../model/facts.js';
import { ids } from '../../model/ids.js';
import { lexText } from '../../../src/text/lex-text.js';
import { addEvent, addRef, EXTRACTOR_ERROR, upsertNode } from '../support/facts.js';
import { parseFederationConfig, type ExposeEntry, type FederationConfig, type RemoteEntry } from './federation-config.js';
import { MANIFEST_FILE, parseFederationManifest } from './federation-manifest.js';

const PARSER = 'federation';
const CONFIG_FILE = /(^|\/)((webpack|rspack)[\w.-]*\.config[\w.-]*|(module-)?federation\.config)\.[cm]?[jt]s$/;
const EXTENSIONS = ['', '.ts', '.js', '.mjs', '/index.ts', '/index.js'];

/** `remote@http://host/remoteEntry.js` → container `remote` + URL; a bare URL keeps the key as name. */
function splitEntry(key: string, entry: string | undefined): { container: string; url?: string } {
  if (!entry) return { container: key };
  const at = entry.indexOf('@');
  if (at > 0 && !entry.slice(0, at).includes('/') && !entry.slice(0, at).includes(':')) return { container: entry.slice(0, at), url: entry.slice(at + 1) };
  return { container: key, url: entry };
}

/** Exposed paths are relative to the webpack context (usually the workspace root) or the config folder. */
function resolveExposed(ctx: ExtractContext, target: string): { path: string; found: boolean } {
  const clean = target.replace(/^\.\//, '');
  const candidates = [posix.normalize(clean), posix.normalize(posix.join(posix.dirname(ctx.path), target))]
    .filter((c) => !c.startsWith('..') && !c.startsWith('/'));
  for (const base of candidates) {
    for (const ext of EXTENSIONS) if (ctx.readRepoFile(`${base}${ext}`) !== undefined) return { path: `${base}${ext}`, found: true };
  }
  return { path: candidates[0] ?? clean, found: false };
}

function containerName(ctx: ExtractContext, config: FederationConfig): string {
  if (config.name) return config.name;
  const unique = /uniqueName\s*:\s*['"]([^'"]+)['"]/.exec(ctx.text)?.[1];
  return unique ?? posix.basename(posix.dirname(ctx.path));
}

function emitRemote(ctx: ExtractContext, into: FileFacts, host: string, remote: RemoteEntry, extra: Record<string, PropValue> = {}): void {
  const { container, url } = splitEntry(remote.name, remote.entry);
  const id = ids.remote(ctx.repoId, ctx.path, remote.name);
  const props: Record<string, PropValue> = { name: remote.name, container, host, path: ctx.path, startLine: remote.line, endLine: remote.endLine, ...extra };
  if (url) Object.assign(props, { entry: url, remoteEntry: url });
  if (remote.expression) Object.assign(props, { entryExpression: remote.expression, unresolvedReason: 'remote entry is computed at run time' });
  upsertNode(into, { id, labels: ['FederationRemote'], props, searchText: lexText(remote.name, container) });
  addRef(into, { type: 'EXPOSES', from: id, target: { kind: 'remote', remote: container, exposed: '*' } });
}

function emitExpose(ctx: ExtractContext, into: FileFacts, container: string, expose: ExposeEntry): void {
  const id = ids.expose(ctx.repoId, ctx.path, expose.key);
  const props: Record<string, PropValue> = {
    key: expose.key, remote: container, name: `${container}/${expose.key.replace(/^\.\//, '')}`,
    path: ctx.path, startLine: expose.line, endLine: expose.endLine,
  };
  if (expose.target !== undefined) {
    const resolved = resolveExposed(ctx, expose.target);
    props.targetPath = resolved.path;
    if (!resolved.found) props.unresolvedReason = `exposed file not found: ${expose.target}`;
    addRef(into, { type: 'EXPOSES', from: id, target: { kind: 'file', path: resolved.path } });
  } else {
    Object.assign(props, { expression: expose.expression ?? '', unresolvedReason: 'exposed module is computed' });
  }
  upsertNode(into, { id, labels: ['RemoteExpose'], props, searchText: lexText(container, expose.key) });
}

/**
 * Module-federation configs (webpack/rspack configs, `module-federation.config.*`,
 * `federation.config.*`) and run-time manifests (`federation.manifest.json`, `mf.manifest.json`:
 * FederationRemote with `source: 'manifest'`): host `remotes` → FederationRemote (EXPOSES → the remote's exposes, by
 * container name), remote `exposes` → RemoteExpose (EXPOSES → the exposed file). Duplicate remote
 * names in one config are recorded as `ambiguous`.
 */
export const federationExtractor: Extractor = {
  name: PARSER,
  appliesTo: (path) => CONFIG_FILE.test(path) || MANIFEST_FILE.test(path),
  extract(ctx, into) {
    if (MANIFEST_FILE.test(ctx.path)) {
      // The host is the project the manifest ships with: the folder above `src/`, else its own folder.
      const host = /(?:^|\/)([^/]+)\/src\//.exec(ctx.path)?.[1] ?? posix.basename(posix.dirname(ctx.path));
      for (const remote of parseFederationManifest(ctx.text)?.remotes ?? []) {
        emitRemote(ctx, into, host, remote, { source: 'manifest', ...(remote.exposedModule ? { exposedModule: remote.exposedModule } : {}) });
      }
      return;
    }
    let parsed;
    try {
      parsed = parseFederationConfig(ctx.path, ctx.text);
    } catch (error) {
      addEvent(into, PARSER, 'parse_error', `${EXTRACTOR_ERROR} config: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    for (const p of parsed.problems) addEvent(into, PARSER, 'unsupported_syntax', p.message, p.line);
    for (const config of parsed.configs) {
      try {
        const container = containerName(ctx, config);
        const seen = new Map<string, RemoteEntry[]>();
        for (const remote of config.remotes) seen.set(remote.name, [...(seen.get(remote.name) ?? []), remote]);
        for (const [name, list] of seen) {
          if (list.length > 1) addEvent(into, PARSER, 'ambiguous', `remote '${name}' is mapped ${list.length} times: ${list.map((r) => r.entry ?? r.expression).join(' | ')}`, list[0]?.line);
        }
        for (const remote of config.remotes) emitRemote(ctx, into, container, remote);
        for (const expose of config.exposes) emitExpose(ctx, into, container, expose);
      } catch (error) {
        addEvent(into, PARSER, 'unsupported_syntax', `${EXTRACTOR_ERROR} config: ${error instanceof Error ? error.message : String(error)}`, config.line);
      }
    }
  },
};
