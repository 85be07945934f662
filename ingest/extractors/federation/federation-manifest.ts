import type { RemoteEntry } from './federation-config.js';

/** Run-time federation manifests: `federation.manifest.json`, `mf.manifest.json`, `*.manifest.json` under assets. */
export const MANIFEST_FILE = /(^|\/)([\w.-]*federation[\w.-]*|mf[\w.-]*)\.manifest(\.[\w-]+)?\.json$|(^|\/)assets\/[\w.-]*manifest[\w.-]*\.json$/;

/** The 1-based line of the first `"key"` occurrence (JSON.parse keeps no positions). */
function lineOfKey(text: string, key: string): number {
  const at = text.indexOf(JSON.stringify(key));
  return at < 0 ? 1 : text.slice(0, at).split('\n').length;
}

/**
 * The remotes a host loads at run time, from its manifest: `{ "mfe1": "http://…/remoteEntry.js" }`
 * (@angular-architects/module-federation, native federation) or the custom form
 * `{ "mfe1": { "remoteEntry": "…", "exposedModule": "./Module", … } }`. Returns undefined when the
 * JSON has neither shape (a PWA or asset manifest), so the caller stays silent about it.
 */
export function parseFederationManifest(text: string): { remotes: Array<RemoteEntry & { exposedModule?: string }> } | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const remotes: Array<RemoteEntry & { exposedModule?: string }> = [];
  for (const [name, value] of Object.entries(data as Record<string, unknown>)) {
    const entry = typeof value === 'string' ? value
      : value && typeof value === 'object' && typeof (value as { remoteEntry?: unknown }).remoteEntry === 'string' ? (value as { remoteEntry: string }).remoteEntry : undefined;
    if (entry === undefined || !/remoteEntry|\.m?js$|\.json$/.test(entry)) return undefined;
    const exposed = value && typeof value === 'object' ? (value as { exposedModule?: unknown }).exposedModule : undefined;
    const line = lineOfKey(text, name);
    remotes.push({ name, entry, line, endLine: line, ...(typeof exposed === 'string' ? { exposedModule: exposed } : {}) });
  }
  return remotes.length ? { remotes } : undefined;
}
