// ingest/mark-repo-writing.cypher — marks the repo as being written (in the same transaction as the facts); record-snapshot clears it, so a run that died half-way is visible to the next one
// params: repoId: string   returns: id: string
MERGE (r:Repo {id: $repoId + ':repo'})
SET r.repoId = $repoId, r.writing = true
RETURN r.id AS id
