import { loadQuery } from '../graph/index.js';

export const listRepoFiles = loadQuery<{ repoId: string }, { path: string; size: number | null; sha256: string | null }>('eval/list-repo-files.cypher');
export const listCommitShas = loadQuery<{ repoId: string }, { sha: string }>('eval/list-commit-shas.cypher');
