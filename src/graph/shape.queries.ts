import type { Integer } from 'neo4j-driver';
import { loadQuery } from './query-registry.js';
import type { QueryShape } from './query-shapes.js';

export const recordQueryShapes = loadQuery<{ shapes: QueryShape[]; at: string }, never>('graph/record-query-shapes.cypher');
export const readQueryShapes = loadQuery<{ limit: Integer }, { name: string; params: string }>('graph/read-query-shapes.cypher');
