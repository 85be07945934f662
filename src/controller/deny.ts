import { AppError, toAppError, type ErrorCode } from '../errors/index.js';
import type { SuggestedAction } from './envelope.schema.js';
import type { FrictionInput } from '../session/index.js';
import type { Problem } from './turn-request.schema.js';

/** Codes whose fix needs a person (start a server, fix credentials or config), not the agent. */
const NEEDS_HUMAN: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['GRAPH_UNAVAILABLE', 'GRAPH_AUTH_FAILED', 'INVALID_CONFIG', 'INTERNAL', 'PROVISION_FAILED', 'PREREQUISITE_MISSING']);

/** A refused turn: an AppError plus what the agent should do next. */
export class TurnDenial extends AppError {
  readonly suggestedAction: SuggestedAction | undefined;
  readonly problems: Problem[];
  readonly requiresHuman: boolean;
  /** Friction to record instead of one event for `code` (e.g. one per rejection code of a plan). */
  readonly friction: FrictionInput[] | undefined;

  constructor(code: ErrorCode, options: {
    message?: string; details?: Record<string, unknown>; suggestedAction?: SuggestedAction; problems?: Problem[]; requiresHuman?: boolean; cause?: unknown;
    friction?: FrictionInput[];
  } = {}) {
    super(code, { message: options.message, details: options.details, cause: options.cause });
    this.suggestedAction = options.suggestedAction;
    this.problems = options.problems ?? [];
    this.requiresHuman = options.requiresHuman ?? NEEDS_HUMAN.has(code);
    this.friction = options.friction;
  }

  /** Wraps anything thrown; unknown errors become INTERNAL with a generic message (details go to the log). */
  static from(error: unknown): TurnDenial {
    if (error instanceof TurnDenial) return error;
    const app = toAppError(error);
    return new TurnDenial(app.code, { message: app.message, details: safeDetails(app.details), cause: error });
  }
}

/** Drops detail keys that could leak server internals (driver codes are fine; stacks and causes are not). */
function safeDetails(details: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(details)) if (k !== 'cause' && k !== 'stack') out[k] = v;
  return out;
}
