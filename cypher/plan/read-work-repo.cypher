// plan/read-work-repo.cypher — the repository a work belongs to and where it was ingested from (for front doors that only know the workId)
// params: workId: string   returns: repoId, root: string|null
MATCH (w:Work {id: $workId})
OPTIONAL MATCH (r:Repo {repoId: w.repoId})
RETURN w.repoId AS repoId, r.root AS root
LIMIT 1
