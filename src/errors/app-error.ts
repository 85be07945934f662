import { ERROR_CATALOG, type ErrorCode } from './catalog.js';

export interface AppErrorOptions {
  message?: string;
  details?: Record<string, unknown>;
  cause?: unknown;
}

/** The single error type crossing module boundaries: a stable code, a safe message, structured details. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown>;
  readonly retryable: boolean;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? ERROR_CATALOG[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options.details ?? {};
    this.retryable = ERROR_CATALOG[code].retryable;
  }

  /** The shape safe to show a client: no stack, no cause. */
  toJSON(): { code: ErrorCode; message: string; retryable: boolean; details: Record<string, unknown> } {
    return { code: this.code, message: this.message, retryable: this.retryable, details: this.details };
  }
}

/** Maps anything thrown to an AppError; unknown errors become INTERNAL without leaking their message. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError('INTERNAL', { cause: error });
}
