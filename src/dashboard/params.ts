import { z } from 'zod';
import { AppError } from '../errors/index.js';
import { REVIEW_BUNDLE_FILES } from './review-bundle.service.js';

// Ids are shown and used as $params only; the pattern keeps control, bidi and markup characters out.
const id = z.string().min(1).max(200).regex(/^[A-Za-z0-9._:-]+$/, 'only letters, digits and . _ : -');
const whole = (min: number, max: number) => z.string().regex(/^\d{1,9}$/, 'a whole number').transform(Number).pipe(z.number().int().min(min).max(max));

/** `/turn?workId&agentId&limit` — recent turns, newest first. */
export const TurnQuery = z.strictObject({
  workId: id.optional().describe('only the turns of this work'),
  agentId: id.optional().describe('only the turns of this agent'),
  limit: whole(1, 500).default(50).describe('how many turns (1–500, default 50)'),
});

/** `/worktrees?limit` — works, most recently active first. */
export const WorksQuery = z.strictObject({
  limit: whole(1, 500).default(100).describe('how many works (1–500, default 100)'),
});

/** `/errors?workId&limit` — refused and insufficient-pack turns, newest first. */
export const ErrorsQuery = z.strictObject({
  workId: id.optional().describe('only the failures of this work'),
  limit: whole(1, 500).default(50).describe('how many failures (1–500, default 50)'),
});

/** `/runs?workId&limit` — gate step runs, newest first. */
export const RunsQuery = z.strictObject({
  workId: id.optional().describe('only the gate runs of this work'),
  limit: whole(1, 500).default(50).describe('how many runs (1–500, default 50)'),
});

/** `/metrics?windowHours` — percentiles and rejection counts over the last hours. */
export const MetricsQuery = z.strictObject({
  windowHours: whole(1, 24 * 90).default(24).describe('how far back (1–2160 hours, default 24)'),
});

/** `/work?workId` — one work's view: plan nodes with status, state path, gate runs. */
export const WorkQuery = z.strictObject({
  workId: id.describe('the work to show'),
});

/** `/work/review-bundle?workId&nodeId&file` — one file of a work's review bundle, as text. */
export const ReviewBundleQuery = z.strictObject({
  workId: id.describe('the work'),
  nodeId: id.describe('the plan node whose review_bundle side effect wrote the bundle'),
  file: z.enum(REVIEW_BUNDLE_FILES).default('review.md').describe('which file of the bundle (default review.md)'),
});

/** `/policies/pending?limit` — memories and policy rows waiting for a person. */
export const PendingQuery = z.strictObject({
  limit: whole(1, 500).default(200).describe('how many of each kind (1–500, default 200)'),
});

// Friction memories carry their domain anchor's id, folder slashes included.
const memoryId = z.string().min(1).max(300).regex(/^[A-Za-z0-9][A-Za-z0-9._:\/-]*$/, 'a memory id or memoryId');
const why = z.string().trim().min(1).max(2000);

/** `POST /memories/approve` body: the memory and, optionally, why. */
export const ApproveBody = z.strictObject({
  id: memoryId.describe('the memory to approve (its id or memoryId)'),
  why: why.optional().describe('why it is approved (kept in the changelog)'),
});

/** `POST /memories/reject` body: the memory and why (required, as for GraphQL's rejectMemory). */
export const RejectBody = z.strictObject({
  id: memoryId.describe('the memory to reject (its id or memoryId)'),
  why: why.describe('why it is rejected (kept in the changelog)'),
});

/** `/stream/events?after` — SSE; `after` (a seq) is the first position for clients that cannot send Last-Event-ID. */
export const StreamQuery = z.strictObject({
  after: whole(0, 999_999_999).optional().describe('stream turns committed after this seq'),
});

/**
 * The `Last-Event-ID` header, the id of the last event the client received: `<seq>` (a turn) or
 * `<seq>.<k>` (the k-th event derived from that turn). Absent → undefined, malformed → INVALID_ARGS.
 */
export function parseLastEventId(header: string | string[] | undefined): { seq: number; k?: number } | undefined {
  if (header === undefined || header === '') return undefined;
  const match = typeof header === 'string' ? /^(\d{1,9})(?:\.([1-9]\d{0,2}))?$/.exec(header) : null;
  if (!match) throw new AppError('INVALID_ARGS', { message: 'Invalid Last-Event-ID.', details: { problems: [{ path: 'Last-Event-ID', message: 'an event id: a turn seq, or seq.k' }] } });
  return match[2] === undefined ? { seq: Number(match[1]) } : { seq: Number(match[1]), k: Number(match[2]) };
}

export const EmptyQuery = z.strictObject({});

/** Parses a JSON request body with a strict schema; any problem is INVALID_ARGS listing them. */
export function parseBody<S extends z.ZodType>(schema: S, text: string): z.output<S> {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    throw new AppError('INVALID_ARGS', { message: 'The request body is not JSON.', details: { problems: [{ path: '(body)', message: 'not JSON' }] } });
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new AppError('INVALID_ARGS', {
      message: 'Invalid request body.',
      details: { problems: parsed.error.issues.map((i) => ({ path: i.path.join('.') || '(body)', message: i.message })) },
    });
  }
  return parsed.data;
}

/** Parses a URL's query with a strict schema; a repeated key or any problem is INVALID_ARGS listing them. */
export function parseQuery<S extends z.ZodType>(schema: S, params: URLSearchParams): z.output<S> {
  const input: Record<string, string> = {};
  const repeated: string[] = [];
  for (const [key, value] of params) {
    if (Object.hasOwn(input, key)) repeated.push(key);
    input[key] = value;
  }
  if (repeated.length > 0) {
    throw new AppError('INVALID_ARGS', { message: 'A query parameter was given more than once.', details: { problems: repeated.map((key) => ({ path: key, message: 'given more than once' })) } });
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new AppError('INVALID_ARGS', {
      message: 'Invalid query parameters.',
      details: { problems: parsed.error.issues.map((i) => ({ path: i.path.join('.') || '(query)', message: i.message })) },
    });
  }
  return parsed.data;
}
