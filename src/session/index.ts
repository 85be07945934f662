export { WorkStore, mintId, type CommitResult, type LoadedWork, type PackRow, type TurnCommit, type WorkRow } from './work-store.js';
