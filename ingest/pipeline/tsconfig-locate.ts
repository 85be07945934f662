import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'out-tsc', '.angular', 'coverage', '.git', '.worktrees', '.ai', 'bin', 'obj']);
const CONFIG_NAMES = ['tsconfig.json', 'tsconfig.base.json'];
/** Files that mark the folder of an Angular/Nx workspace. */
const WORKSPACE_MARKERS = ['angular.json', 'nx.json', 'workspace.json', '.angular-cli.json'];

/**
 * The tsconfig files whose compilerOptions (baseUrl, `paths`) the shared project may use, best
 * first: the root's `tsconfig.json` and `tsconfig.base.json`, then — for repositories whose Angular
 * workspace sits in a subfolder (`ClientApp/` of the ASP.NET template, `frontend/`, `web/`) — the
 * ones next to an angular.json/nx.json up to two levels down. Paths are absolute; lazy, so the
 * subfolders are only read when the root's configs are not enough.
 */
export function* tsConfigCandidates(root: string): Generator<string> {
  for (const name of CONFIG_NAMES) if (existsSync(join(root, name))) yield join(root, name);
  // Only walked when no root tsconfig gave baseUrl/paths (the caller stops at the first that does).
  const nested: string[] = [];
  const visit = (dir: string, depth: number): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    const names = new Set(entries.filter((e) => e.isFile()).map((e) => e.name));
    if (dir !== root && WORKSPACE_MARKERS.some((m) => names.has(m))) {
      for (const name of CONFIG_NAMES) if (names.has(name)) nested.push(join(dir, name));
    }
    if (depth >= 2) return;
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.isDirectory() && !SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) visit(join(dir, e.name), depth + 1);
    }
  };
  visit(root, 0);
  yield* nested;
}
