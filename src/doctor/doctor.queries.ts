import { loadQuery } from '../graph/query-registry.js';

export const repoHealth = loadQuery<{ repoId: string }, {
  snapshotId: string | null; root: string | null; writing: boolean; ingestedAt: string | null; files: number; events: Array<{ kind: string; count: number }>;
}>('doctor/repo-health.cypher');

export const apocProcedures = loadQuery<Record<string, never>, { count: number }>('doctor/apoc-procedures.cypher');
