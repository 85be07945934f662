import { Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';
import { createGraphQLError } from 'graphql-yoga';

export interface QueryLimits {
  /** Deepest field nesting an operation may have (fragments expanded). */
  maxDepth: number;
  /** Most field selections an operation may have, counting a fragment once per spread. */
  maxFields: number;
}

interface Measure {
  depth: number;
  fields: number;
}

/**
 * A validation rule rejecting operations deeper or wider than the limits, so one request cannot
 * fan out into an exponential number of graph reads (or of introspection objects).
 */
export function queryLimitsRule(limits: QueryLimits): (context: ValidationContext) => ASTVisitor {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    return {
      OperationDefinition(operation) {
        const measure = measureSet(operation.selectionSet, fragments, new Set(), limits);
        const name = operation.name?.value ?? 'anonymous';
        if (measure.depth > limits.maxDepth) {
          context.reportError(
            createGraphQLError(`Operation "${name}" is nested ${measure.depth} levels deep; the limit is ${limits.maxDepth}.`, {
              nodes: [operation],
              extensions: { code: 'QUERY_TOO_DEEP' },
            }),
          );
        } else if (measure.fields > limits.maxFields) {
          context.reportError(
            createGraphQLError(`Operation "${name}" selects ${measure.fields} fields; the limit is ${limits.maxFields}.`, {
              nodes: [operation],
              extensions: { code: 'QUERY_TOO_COMPLEX' },
            }),
          );
        }
      },
    };
  };
}

function measureSet(set: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, inPath: Set<string>, limits: QueryLimits): Measure {
  let depth = 0;
  let fields = 0;
  for (const selection of set.selections) {
    let inner: Measure;
    if (selection.kind === Kind.FIELD) {
      const child = selection.selectionSet ? measureSet(selection.selectionSet, fragments, inPath, limits) : { depth: 0, fields: 0 };
      // `ofType` only unwraps list/non-null wrappers in introspection; counting it would reject the
      // standard introspection query (GraphiQL) without bounding anything.
      const own = selection.name.value === 'ofType' ? 0 : 1;
      inner = { depth: child.depth + own, fields: child.fields + 1 };
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      inner = measureSet(selection.selectionSet, fragments, inPath, limits);
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      // Unknown or cyclic spreads are reported by graphql's own rules; count them as empty here.
      if (!fragment || inPath.has(name)) continue;
      inPath.add(name);
      inner = measureSet(fragment.selectionSet, fragments, inPath, limits);
      inPath.delete(name);
    }
    depth = Math.max(depth, inner.depth);
    fields += inner.fields;
    // Stop early: a hostile document must not cost more to measure than the limit allows.
    if (fields > limits.maxFields) break;
  }
  return { depth, fields };
}
