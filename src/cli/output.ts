import { AppError, toAppError } from '../errors/index.js';

/** Prints a command result: JSON for machines (`--json`), otherwise readable lines. */
export function printResult(json: boolean, value: unknown, lines: () => string[]): void {
  if (json) process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  else process.stdout.write(`${lines().join('\n')}\n`);
}

/** Wraps a command action: AppErrors print their message (and code) and exit 1, never a stack. */
export function action<A extends unknown[]>(fn: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await fn(...args);
    } catch (error) {
      const app = toAppError(error);
      const message = app.code === 'INTERNAL' && !(error instanceof AppError) ? String((error as Error)?.message ?? error) : app.message;
      process.stderr.write(`graphgate: ${message} [${app.code}]\n`);
      process.exitCode = 1;
    }
  };
}

/** A short stage line on stderr, so stdout stays clean for --json. */
export function stage(text: string): void {
  process.stderr.write(`• ${text}\n`);
}

/** Resolves on the first SIGINT or SIGTERM (long-running commands wait on it, then clean up). */
export function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const on = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', on);
      process.off('SIGTERM', on);
      resolve(signal);
    };
    process.on('SIGINT', on);
    process.on('SIGTERM', on);
  });
}
