export { canonicalRepoPath, describeRejection, isWithin, relativeWithin, type PathCheck, type PathRejection } from './repo-path.js';
export { ensureDirNoFollow, readTextCapped, realRoot, requireRepoPath, resolveExisting, writeFileNoFollow, type ResolvedPath } from './safe-fs.js';
