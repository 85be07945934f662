// ingest/candidates-remote.cypher — every exposed module of the repo's federation remotes
// params: repoId: string   returns: id: string, remote: string, exposed: string
MATCH (x:RemoteExpose)
WHERE x.repoId = $repoId
RETURN x.id AS id, coalesce(x.remote, x.remoteName, '') AS remote, coalesce(x.exposed, x.key, x.name, '') AS exposed
