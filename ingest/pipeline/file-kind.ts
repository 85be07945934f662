/** The coarse kind of a source file, stored on `File.kind` and used to pick extractors. */
export type FileKind = 'ts' | 'spec' | 'dts' | 'js' | 'html' | 'style' | 'json' | 'yaml' | 'other';

/** Classifies a repo-relative POSIX path by its name alone (no content sniffing). */
export function fileKind(path: string): FileKind {
  const lower = path.toLowerCase();
  if (lower.endsWith('.d.ts')) return 'dts';
  if (/\.(spec|test|cy|e2e)\.(ts|tsx|js)$/.test(lower) || /(^|\/)cypress\/.*\.(ts|js)$/.test(lower)) return 'spec';
  if (/\.(ts|tsx|mts|cts)$/.test(lower)) return 'ts';
  if (/\.(js|mjs|cjs|jsx)$/.test(lower)) return 'js';
  if (/\.html?$/.test(lower)) return 'html';
  if (/\.(scss|sass|css|less)$/.test(lower)) return 'style';
  if (lower.endsWith('.json') || lower.endsWith('.json5')) return 'json';
  if (/\.ya?ml$/.test(lower)) return 'yaml';
  return 'other';
}

/** True for files the shared ts-morph project should hold (TypeScript sources, specs and contracts). */
export function isTypeScriptKind(kind: FileKind): boolean {
  return kind === 'ts' || kind === 'spec' || kind === 'dts';
}
