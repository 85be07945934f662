import { createHash } from 'node:crypto';

/**
 * Deterministic ids: `<repoId>:<kind>:<path>[#<name>]`. Long keys are hashed so ids stay bounded.
 * The same input always yields the same id, so a re-ingest MERGEs instead of duplicating, and an
 * extractor can point an edge at a node another extractor writes (same file) without a lookup.
 */
export function factId(repoId: string, kind: string, path: string, name?: string): string {
  const key = name === undefined ? path : `${path}#${name}`;
  const safe = key.length <= 200 ? key : `${key.slice(0, 120)}~${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
  return `${repoId}:${kind}:${safe}`;
}

export const ids = {
  repo: (repoId: string) => `${repoId}:repo`,
  snapshot: (repoId: string, snapshotId: string) => `${repoId}:snapshot:${snapshotId}`,
  file: (repoId: string, path: string) => factId(repoId, 'file', path),
  anchor: (repoId: string, folder: string) => factId(repoId, 'anchor', folder || '.'),
  /** A top-level declaration (class, interface, type, enum, function, const) by its name in a file. */
  symbol: (repoId: string, path: string, name: string) => factId(repoId, 'sym', path, name),
  /** A member (method/property) of a class: `Class.member`. */
  member: (repoId: string, path: string, owner: string, member: string) => factId(repoId, 'sym', path, `${owner}.${member}`),
  /** A route by the file declaring it and its position (routes may repeat a path). */
  route: (repoId: string, path: string, line: number, fullPath: string) => factId(repoId, 'route', path, `${line}:${fullPath}`),
  /** A template element occurrence: template file (the .html, or the .ts for inline) + line + column. */
  usage: (repoId: string, path: string, line: number, col: number) => factId(repoId, 'usage', path, `${line}:${col}`),
  grid: (repoId: string, path: string, line: number) => factId(repoId, 'grid', path, String(line)),
  column: (repoId: string, path: string, line: number, field: string) => factId(repoId, 'col', path, `${line}:${field}`),
  renderer: (repoId: string, path: string, name: string) => factId(repoId, 'renderer', path, name),
  navTrigger: (repoId: string, path: string, line: number, col: number) => factId(repoId, 'nav', path, `${line}:${col}`),
  remote: (repoId: string, configPath: string, name: string) => factId(repoId, 'remote', configPath, name),
  expose: (repoId: string, configPath: string, key: string) => factId(repoId, 'expose', configPath, key),
  contract: (repoId: string, tag: string) => factId(repoId, 'contract', tag),
  prop: (repoId: string, tag: string, name: string) => factId(repoId, 'prop', tag, name),
  event: (repoId: string, tag: string, name: string) => factId(repoId, 'event', tag, name),
  apiSpec: (repoId: string, path: string) => factId(repoId, 'api', path),
  endpoint: (repoId: string, specPath: string, method: string, path: string) => factId(repoId, 'endpoint', specPath, `${method.toUpperCase()} ${path}`),
  test: (repoId: string, path: string) => factId(repoId, 'test', path),
  parseEvent: (repoId: string, path: string, parser: string, n: number) => factId(repoId, 'event', path, `${parser}:${n}`),
};
