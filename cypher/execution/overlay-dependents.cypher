// execution/overlay-dependents.cypher — the base's files whose extraction read one of the given paths (a component's template) or whose route mounts came from one (a loader): re-extracted into the work's overlay with them
// params: repoId: string, paths: list<string>   returns: path: string
MATCH (f:File)
WHERE f.repoId = $repoId AND f.path IS NOT NULL AND NOT f.path IN $paths AND any(r IN coalesce(f.reads, []) + coalesce(f.mountReads, []) WHERE r IN $paths)
RETURN f.path AS path
ORDER BY path
