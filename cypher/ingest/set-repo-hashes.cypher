// ingest/set-repo-hashes.cypher — stores the hashes of the policy seed, memory and anchor inputs so an unchanged run can skip them
// params: repoId: string, props: map   returns: id: string
MERGE (r:Repo {id: $repoId + ':repo'})
SET r.repoId = $repoId, r += $props
RETURN r.id AS id
