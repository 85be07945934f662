/**
 * Crash injection for the crash-recovery tests: `failpoint('patch:after-write')` SIGKILLs this very
 * process when `GRAPHGATE_FAILPOINT` names that point (no cleanup, no finally, like kill -9 from
 * outside), and does nothing otherwise. It exists so a test can stop a real server at an exact step.
 */
export function failpoint(name: string): void {
  if (process.env.GRAPHGATE_FAILPOINT === name) process.kill(process.pid, 'SIGKILL');
}
