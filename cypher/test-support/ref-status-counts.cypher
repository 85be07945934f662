// test-support/ref-status-counts.cypher — how many persisted references of a namespace have each resolution status
// params: repoId: string   returns: status: string, count: number
MATCH (r:Ref)
WHERE r.repoId = $repoId
RETURN r.status AS status, count(*) AS count
ORDER BY status
