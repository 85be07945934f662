import { loadQuery } from '../graph/index.js';

export const listRepoFiles = loadQuery<{ repoId: string }, { path: string; size: number | null }>('eval/list-repo-files.cypher');
