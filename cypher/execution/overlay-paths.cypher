// execution/overlay-paths.cypher — the paths a work's overlay holds: the files the work changed in its worktree (they shadow the base's)
// params: overlayRepoId: string   returns: path: string
MATCH (f:File)
WHERE f.repoId = $overlayRepoId AND f.path IS NOT NULL
RETURN f.path AS path
ORDER BY path
