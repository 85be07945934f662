// soak/operation-status.cypher — the status of one idempotency claim right after the kill fault (did the kill land inside the claim?)
// params: repoId: string, workId: string, operationId: string   returns: status: string
MATCH (o:Operation {repoId: $repoId, workId: $workId, id: $operationId})
RETURN o.status AS status
