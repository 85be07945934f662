import type { Integer } from 'neo4j-driver';
import { loadQuery } from './query-registry.js';

export const readSchemaVersion = loadQuery<Record<string, never>, { version: number | null; applied: string[] | null }>('schema/read-schema-version.cypher');
export const setSchemaVersion = loadQuery<{ version: Integer; file: string; appliedBy: string }, { version: number }>('schema/set-schema-version.cypher');
