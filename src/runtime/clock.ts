import { AppError } from '../errors/index.js';

/**
 * The process clock: real time, shifted by `GRAPHGATE_CLOCK_SHIFT_HOURS` when set (a number, may be
 * negative or fractional). The memory lifecycle is the only behaviour measured in hours, and a test
 * that drives a built server or CLI over stdio can move its clock only through the environment.
 */
export function processClock(env: NodeJS.ProcessEnv = process.env): () => Date {
  const raw = env.GRAPHGATE_CLOCK_SHIFT_HOURS?.trim();
  if (!raw) return () => new Date();
  const hours = Number(raw);
  if (!Number.isFinite(hours) || Math.abs(hours) > 24 * 366 * 10) {
    throw new AppError('INVALID_CONFIG', { message: 'GRAPHGATE_CLOCK_SHIFT_HOURS must be a number of hours (at most ten years either way).', details: { field: 'GRAPHGATE_CLOCK_SHIFT_HOURS', value: raw.slice(0, 40) } });
  }
  const shift = hours * 3_600_000;
  return () => new Date(Date.now() + shift);
}
