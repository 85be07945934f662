import { loadQuery } from '../../src/graph/query-registry.js';

export const deleteNamespace = loadQuery<{ repoId: string }, { deleted: number }>('test-support/delete-namespace.cypher');
export const deleteAll = loadQuery<Record<string, never>, { deleted: number }>('test-support/delete-all.cypher');
export const textIndexState = loadQuery<Record<string, never>, { files: number; chars: number }>('test-support/text-index-state.cypher');
export const agePlanWarmUp = loadQuery<Record<string, never>, { n: number }>('test-support/age-plan-warm-up.cypher');
export const countWarmUpRepos = loadQuery<Record<string, never>, { n: number }>('test-support/count-warm-up-repos.cypher');
export const echoTexts = loadQuery<{ texts: string[] }, { texts: string[]; chars: number }>('test-support/echo-texts.cypher');
