export { anchorRole, CANDIDATE_KINDS, candidateSchema, LANES, type AnchorRole, type Candidate, type CandidateKind, type Lane } from './candidate.model.js';
export { DEFAULT_RANK_CONFIG, type RankConfig } from './rank.config.js';
export { compareCandidates, normalizeLaneScores, type NormalizedCandidate } from './lane-normalizer.js';
export { compareRankedFiles, describeHit, rankFiles, type Contribution, type RankedEntity, type RankedFile } from './fusion.rank.js';
export { DEFAULT_FILE_BUDGET, selectWithinBudget, type CutFile, type CutReason, type FileBudget } from './file-budget.js';
export { isBarrelPath, isTestPath, parentFolder, pathDepth, sharedFolderOf } from './path-features.js';
export { selectAnchors, type MissingAnchor, type SelectedAnchor } from './anchor-selection.js';
