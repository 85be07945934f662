import { expect } from 'vitest';
import { AppError } from '../../src/errors/index.js';

/** Awaits a call that must be refused and returns its AppError (the test fails if it resolves). */
export async function denied(p: Promise<unknown>): Promise<AppError> {
  const error = await p.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
