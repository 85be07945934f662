// ingest/read-file-hashes.cypher — the File facts of a repo with their content hashes (the snapshot check) the files their extraction read (dependents) and their route mount dependencies with the mount signature (dependents when it moves)
// params: repoId: string   returns: path: string, sha256: string, blob: string, executable: boolean, reads: list<string>, mountReads: list<string>, mountSig: string|null
MATCH (f:File)
WHERE f.repoId = $repoId AND f.path IS NOT NULL
RETURN f.path AS path, f.sha256 AS sha256, f.blob AS blob, coalesce(f.executable, false) AS executable, coalesce(f.reads, []) AS reads,
  coalesce(f.mountReads, []) AS mountReads, f.mountSig AS mountSig
