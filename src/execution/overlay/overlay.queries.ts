import { loadQuery } from '../../graph/index.js';

export const readOverlayPaths = loadQuery<{ overlayRepoId: string }, { path: string }>('execution/overlay-paths.cypher');
export const markOverlay = loadQuery<{ overlayRepoId: string; repoId: string; workId: string }, { id: string }>('execution/overlay-mark.cypher');
export const deleteOverlay = loadQuery<{ overlayRepoId: string }, { deleted: number }>('execution/overlay-delete.cypher');
export const readOverlayDependents = loadQuery<{ repoId: string; paths: string[] }, { path: string }>('execution/overlay-dependents.cypher');
