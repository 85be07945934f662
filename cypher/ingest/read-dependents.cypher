// ingest/read-dependents.cypher — files whose extraction read one of the given files (a component reading its templateUrl), to re-extract them
// params: repoId: string, paths: list<string>   returns: path: string
MATCH (f:File)
WHERE f.repoId = $repoId AND f.reads IS NOT NULL AND any(p IN f.reads WHERE p IN $paths)
RETURN f.path AS path
