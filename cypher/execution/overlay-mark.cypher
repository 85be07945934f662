// execution/overlay-mark.cypher — marks an overlay's Repo node with the base it shadows and its work (so GraphQL, Browser and clean-up tell it from a repository)
// params: overlayRepoId: string, repoId: string, workId: string   returns: id: string
MATCH (r:Repo {id: $overlayRepoId + ':repo'})
SET r.overlayOf = $repoId, r.workId = $workId
RETURN r.id AS id
