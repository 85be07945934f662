import { getOperationAST, type ASTVisitor, type GraphQLError, type ValidationContext } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { bearerMatches } from './bearer-token.js';
import type { GraphqlConfig } from './config.js';
import { queryLimitsRule } from './query-limits.js';

export { bearerMatches };

// Errors come from yoga's createGraphQLError so they are of the graphql instance yoga checks
// against (a test runner may load a second copy of `graphql`).
function denied(message: string, code: string, status: number): GraphQLError {
  return createGraphQLError(message, { extensions: { code, http: { status } } });
}

/** Anything but a query (mutation, subscription) is refused on a read-only endpoint. */
function readOnlyRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(node) {
      if (node.operation === 'query') return;
      context.reportError(
        createGraphQLError('Mutations are disabled: this GraphQL endpoint is read-only (see src/graphql/README.md).', {
          nodes: [node],
          extensions: { code: 'MUTATIONS_DISABLED', http: { status: 403 } },
        }),
      );
    },
  };
}

/**
 * The yoga plugin enforcing the endpoint's rules before anything reaches Neo4j: query size, depth
 * and width; read-only unless mutations are enabled, and then mutations only with the bearer token;
 * every operation with the token when `tokenForAll` (a server reachable beyond loopback).
 *
 * Validation rules depend on the configuration only (yoga caches validation per document); the
 * token, which differs per request, is checked in onParams/onExecute.
 */
export function useOperationGuard(config: GraphqlConfig, options: { tokenForAll: boolean }): Plugin {
  const rules = [queryLimitsRule(config.limits), ...(config.mutations ? [] : [readOnlyRule])];
  const authorized = (request: Request): boolean =>
    config.token !== undefined && bearerMatches(request.headers.get('authorization'), config.token);
  return {
    onParams({ params, request, setResult }) {
      if ((params.query?.length ?? 0) > config.maxQueryChars) {
        setResult({ errors: [denied(`The query is longer than ${config.maxQueryChars} characters.`, 'QUERY_TOO_LARGE', 413)] });
      } else if (options.tokenForAll && !authorized(request)) {
        setResult({ errors: [denied('This endpoint needs `Authorization: Bearer <token>` with the configured token.', 'UNAUTHORIZED', 401)] });
      }
    },
    onValidate({ addValidationRule }) {
      for (const rule of rules) addValidationRule(rule);
    },
    onExecute({ args, setResultAndStopExecution }) {
      const operation = getOperationAST(args.document, args.operationName);
      if (!operation || operation.operation === 'query') return;
      if (!authorized(args.contextValue.request)) {
        setResultAndStopExecution({ errors: [denied('Mutations need `Authorization: Bearer <token>` with the configured token.', 'UNAUTHORIZED', 401)] });
      }
    },
  };
}
