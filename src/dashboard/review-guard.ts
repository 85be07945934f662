import type { IncomingMessage } from 'node:http';
import { AppError } from '../errors/index.js';
import { bearerMatches } from '../graphql/bearer-token.js';

/** Largest review request body accepted (an id and a reason). */
export const MAX_REVIEW_BODY_BYTES = 8_192;

/** A refusal of a review request, with the HTTP status it is answered with. */
export class ReviewRefusal extends Error {
  constructor(readonly status: number, readonly error: AppError, readonly headers: Record<string, string> = {}) {
    super(error.message);
  }
}

const refusal = (status: number, code: 'UNAUTHORIZED' | 'INVALID_ARGS', message: string, headers?: Record<string, string>): ReviewRefusal =>
  new ReviewRefusal(status, new AppError(code, { message }), headers);

/**
 * The door of a review write, after the server's Host and Sec-Fetch-Site checks: review enabled (the
 * GraphQL mutation token configured), no other origin, `Authorization: Bearer <token>` (the check
 * GraphQL mutations use), a JSON body of declared, bounded length. Returns the body's text.
 * A browser sends neither that header nor a JSON content type across sites without a CORS preflight,
 * which this server never grants; the token itself reaches the page only from the person who types it.
 */
export async function readReviewRequest(req: IncomingMessage, token: string | undefined): Promise<string> {
  if (token === undefined) {
    throw refusal(403, 'UNAUTHORIZED', 'Review from the console is off: start it with GRAPHGATE_GRAPHQL_MUTATIONS=1 and GRAPHGATE_GRAPHQL_TOKEN (the GraphQL mutation token).');
  }
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${req.headers.host}`) {
    throw refusal(403, 'UNAUTHORIZED', 'This console does not answer requests made by other sites\' pages.');
  }
  if (!bearerMatches(req.headers.authorization, token)) {
    throw refusal(401, 'UNAUTHORIZED', 'Review needs `Authorization: Bearer <token>` with the GraphQL mutation token.', { 'www-authenticate': 'Bearer' });
  }
  if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
    throw refusal(415, 'INVALID_ARGS', 'The request body must be application/json.');
  }
  const declared = req.headers['content-length'];
  if (declared === undefined || !/^\d{1,9}$/.test(declared)) throw refusal(411, 'INVALID_ARGS', 'A request body needs a Content-Length.');
  if (Number(declared) > MAX_REVIEW_BODY_BYTES) throw refusal(413, 'INVALID_ARGS', `The request body is larger than ${MAX_REVIEW_BODY_BYTES} bytes.`);
  return readBody(req, Number(declared));
}

async function readBody(req: IncomingMessage, declared: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Node stops at Content-Length; more would be a broken client: refuse rather than buffer it.
    if (size > declared || size > MAX_REVIEW_BODY_BYTES) throw refusal(413, 'INVALID_ARGS', 'The request body is longer than its Content-Length.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
