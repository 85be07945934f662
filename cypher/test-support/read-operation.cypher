// test-support/read-operation.cypher — every stored property of one Operation claim (tests only)
// params: repoId: string, workId: string, operationId: string   returns: op: map|null
OPTIONAL MATCH (:Work {id: $workId})-[:HAS_OPERATION]->(o:Operation {repoId: $repoId, workId: $workId, id: $operationId})
RETURN CASE WHEN o IS NULL THEN null ELSE o {.*, expiresAt: toString(o.expiresAt), claimedAt: toString(o.claimedAt)} END AS op
