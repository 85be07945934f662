import picomatch from 'picomatch';

/** The folder part of a scope: `src/app/orders/**` → `src/app/orders`; an anchor id `<repo>:anchor:x` → `x`. */
export function scopeBase(scope: string): string {
  const path = scope.includes(':anchor:') ? scope.slice(scope.indexOf(':anchor:') + ':anchor:'.length) : scope;
  return path.replace(/\/\*\*?(?:\/\*)?$/, '').replace(/\/+$/, '') || '.';
}

/**
 * Whether a record scoped to `scopes` (anchor paths, folder globs or anchor ids) applies to any of the
 * folders in play. No scope at all means the whole repository. A scope applies to its folder and
 * everything below it; a glob also applies where picomatch says so.
 */
export function scopeApplies(scopes: readonly string[], folders: readonly string[]): boolean {
  if (scopes.length === 0) return true;
  return scopes.some((scope) => {
    const base = scopeBase(scope);
    if (base === '.' || base === '') return true;
    const glob = /[*?[\]{}]/.test(scope) ? picomatch(scope, { dot: true }) : null;
    return folders.some((f) => f === base || f.startsWith(`${base}/`) || (glob !== null && (glob(f) || glob(`${f}/x`))));
  });
}
