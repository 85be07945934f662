import { lexTokens } from '../../text/lex-text.js';

const TEST_FILE = /\.(?:spec|test|cy|e2e|stories)\.[cm]?[jt]sx?$/i;
const TEST_DIRS = new Set(['e2e', 'cypress', '__tests__', '__mocks__', 'test', 'tests', 'mocks', 'fixtures', 'testing']);
const BARREL = /^(?:index|public-api|public_api)\.[cm]?[jt]s$/i;

/** Path segments of a repo-relative POSIX path, without empty ones. */
export function pathSegments(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

/** Folder depth: `package.json` is 0, `src/main.ts` is 1. */
export function pathDepth(path: string): number {
  return Math.max(0, pathSegments(path).length - 1);
}

/** Spec, e2e, Cypress, story or mock files (by name or by folder). */
export function isTestPath(path: string): boolean {
  const segs = pathSegments(path);
  return TEST_FILE.test(segs[segs.length - 1] ?? '') || segs.slice(0, -1).some((s) => TEST_DIRS.has(s.toLowerCase()));
}

/** Re-export files (`index.ts`, `public-api.ts`) that hold no logic of their own. */
export function isBarrelPath(path: string): boolean {
  return BARREL.test(pathSegments(path).pop() ?? '');
}

/** The first folder of the path that is a shared/utility folder, if any. */
export function sharedFolderOf(path: string, shared: readonly string[]): string | null {
  return pathSegments(path).slice(0, -1).find((s) => shared.includes(s.toLowerCase())) ?? null;
}

/** The parent folder (the fallback domain anchor when a hit carries none). */
export function parentFolder(path: string): string {
  const segs = pathSegments(path);
  return segs.length > 1 ? segs.slice(0, -1).join('/') : '.';
}

/** Full-text tokens of a path and optional names, for lexeme matching (each read up to 1000 characters). */
export function pathTokenSet(path: string, names: readonly string[] = []): Set<string> {
  return new Set([path, ...names.slice(0, 32)].flatMap((t) => lexTokens(t.slice(0, 1000))));
}
