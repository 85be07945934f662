import { AppError } from '../errors/index.js';

const UNAVAILABLE = new Set(['ServiceUnavailable', 'SessionExpired', 'Neo.TransientError.General.DatabaseUnavailable']);

const CONNECTION_MESSAGE = /ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ETIMEDOUT|socket hang up|connection.*(closed|refused)|Failed to connect/i;

/**
 * A failure to reach the server at all (refused, reset, no route, routing table unavailable), as
 * opposed to a server that answered with an error. These open the Graph's circuit breaker.
 */
export function isConnectionFailure(error: unknown): boolean {
  const code = String((error as { code?: unknown })?.code ?? '');
  return UNAVAILABLE.has(code) || CONNECTION_MESSAGE.test(String((error as Error)?.message ?? ''));
}

/**
 * The server refused a procedure call for good: not installed, or not allowed for this user (a
 * locked-down Aura or cluster user may not call `dbms.*`). Asking again gives the same answer.
 */
export function isProcedureRefusal(error: unknown): boolean {
  const details = (error as { details?: { neo4jCode?: unknown } })?.details;
  const code = String(details?.neo4jCode ?? (error as { code?: unknown })?.code ?? '');
  return code === 'Neo.ClientError.Procedure.ProcedureNotFound' || code === 'Neo.ClientError.Security.Forbidden';
}

/**
 * The one place that maps driver errors to our codes. Messages stay generic (server internals go to
 * the log); the connection hint names the fix.
 */
export function mapDriverError(error: unknown, context: { query: string; uri: string }): AppError {
  if (error instanceof AppError) return error;
  const code = String((error as { code?: unknown }).code ?? '');
  const details = { query: context.query, neo4jCode: code || undefined };
  if (isConnectionFailure(error)) {
    return new AppError('GRAPH_UNAVAILABLE', {
      message: `Neo4j at ${context.uri} is not reachable. Start it with \`graphgate db start\` (or check NEO4J_URI), then retry.`,
      details,
      cause: error,
    });
  }
  if (code === 'Neo.ClientError.Security.Unauthorized' || code === 'Neo.ClientError.Security.AuthenticationRateLimit') {
    return new AppError('GRAPH_AUTH_FAILED', {
      message: `Neo4j at ${context.uri} rejected the credentials. Check NEO4J_USERNAME/NEO4J_PASSWORD or the local password file.`,
      details,
      cause: error,
    });
  }
  if (code.includes('TransactionTimedOut') || code.includes('Transaction.Terminated') || code === 'Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration') {
    return new AppError('TIMEOUT', { message: `The graph query "${context.query}" timed out.`, details, cause: error });
  }
  return new AppError('GRAPH_QUERY_FAILED', { message: `The graph query "${context.query}" failed.`, details, cause: error });
}
