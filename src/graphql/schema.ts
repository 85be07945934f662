import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Neo4jGraphQL } from '@neo4j/graphql';
import { parse, visit, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { Driver } from 'neo4j-driver';
import { packageRoot } from '../runtime/package-root.js';

/** Where the typeDefs live: every `.graphql` file there is part of the schema. */
export function typeDefsDir(): string {
  return join(packageRoot(), 'graph-schema', 'typedefs');
}

/** The typeDefs as parsed documents, in file-name order. */
export function loadTypeDefs(dir = typeDefsDir()): DocumentNode[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => parse(readFileSync(join(dir, file), 'utf8')));
}

/**
 * Removes a schema-level directive (`extend schema @mutation(operations: [])`), dropping the
 * extension when nothing else is left in it. The files stay read-only; only an explicitly
 * configured server lifts the restriction.
 */
export function withoutSchemaDirective(doc: DocumentNode, directive: string): DocumentNode {
  return visit(doc, {
    SchemaExtension(node) {
      const directives = (node.directives ?? []).filter((d) => d.name.value !== directive);
      if (directives.length === 0 && !node.operationTypes?.length) return null;
      return { ...node, directives };
    },
    SchemaDefinition(node) {
      return { ...node, directives: (node.directives ?? []).filter((d) => d.name.value !== directive) };
    },
  });
}

export interface BuildSchemaOptions {
  driver: Driver;
  /** Generate create/update/delete mutations (the caller has checked that a token guards them). */
  mutations: boolean;
  /** Custom resolvers for the domain Query fields (`proofChain` …), one map per operation family. */
  resolvers?: Array<Record<string, Record<string, unknown>>>;
}

/** Builds the executable @neo4j/graphql schema over the fact plane. */
export async function buildFactSchema(options: BuildSchemaOptions): Promise<GraphQLSchema> {
  let typeDefs = loadTypeDefs();
  // Domain mutations (typedefs/mutations/) exist only on a server whose mutations a token guards.
  if (options.mutations) typeDefs = [...typeDefs.map((doc) => withoutSchemaDirective(doc, 'mutation')), ...loadTypeDefs(join(typeDefsDir(), 'mutations'))];
  const schema = await new Neo4jGraphQL({
    typeDefs,
    driver: options.driver,
    ...(options.resolvers ? { resolvers: options.resolvers } : {}),
    // A smaller, clearer schema: no deprecated v6-style filter aliases.
    features: { excludeDeprecatedFields: { mutationOperations: true, aggregationFilters: true, relationshipFilters: true, attributeFilters: true } },
  }).getSchema();
  if (!options.mutations && schema.getMutationType()) {
    // The read-only default rests on the typeDefs' directive; never serve without it by accident.
    throw new Error(`graph-schema/typedefs must declare \`extend schema @mutation(operations: [])\`.`);
  }
  return schema;
}
