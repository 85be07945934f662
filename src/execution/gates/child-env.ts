/** Variables a gate step inherits when the configuration names none. */
export const DEFAULT_ENV_ALLOWLIST: readonly string[] = ['PATH', 'HOME', 'LANG', 'LC_ALL', 'TERM', 'TZ', 'CI', 'NODE_OPTIONS', 'NODE_ENV', 'TMPDIR', 'USER'];

/**
 * The environment of a child process: only allowlisted variables of the parent, then the step's own
 * (configured, trusted) variables. Nothing else leaks — no tokens, no NEO4J_PASSWORD.
 */
export function buildChildEnv(parent: NodeJS.ProcessEnv, allowlist: readonly string[] = DEFAULT_ENV_ALLOWLIST, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of allowlist) {
    const value = parent[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...extra };
}
