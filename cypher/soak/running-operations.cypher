// soak/running-operations.cypher — idempotency claims still `running` after the soak (none may be left: a retry would be refused forever)
// params: repoId: string   returns: workId: string, operationId: string, verb: string, status: string, createdAt: string
MATCH (o:Operation)
WHERE o.repoId = $repoId AND o.status = 'running'
RETURN o.workId AS workId, o.id AS operationId, o.verb AS verb, o.status AS status, toString(o.createdAt) AS createdAt
ORDER BY createdAt
