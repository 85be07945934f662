import type { z } from 'zod';
import { AppError } from '../errors/index.js';

/** A custom resolver's arguments checked with zod; a failure is INVALID_ARGS naming each bad field. */
export function parseArgs<T>(schema: z.ZodType<T>, args: unknown): T {
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw new AppError('INVALID_ARGS', { message: parsed.error.issues.map((i) => `${i.path.join('.') || 'args'}: ${i.message}`).join('; ') });
  return parsed.data;
}
