// execution/operation-begin.cypher — claims an idempotency key for a mutating verb (or returns the existing claim); serialised on the work's lock
// params: repoId: string, workId: string, operationId: string, verb: string, argsHash: string   returns: created: boolean, verb: string, argsHash: string, status: string, resultJson: string|null
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
SET w.updatedAt = datetime()
WITH w
MERGE (w)-[:HAS_OPERATION]->(o:Operation {repoId: $repoId, workId: $workId, id: $operationId})
ON CREATE SET o.verb = $verb, o.argsHash = $argsHash, o.status = 'running', o.createdAt = datetime(), o.created = true
WITH o, coalesce(o.created, false) AS created
REMOVE o.created
RETURN created, o.verb AS verb, o.argsHash AS argsHash, o.status AS status, o.resultJson AS resultJson
