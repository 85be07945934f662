// execution/operation-complete.cypher — stores the result of a claimed operation (a retry then returns it)
// params: repoId: string, workId: string, operationId: string, resultJson: string, resultHash: string   returns: id: string
MATCH (o:Operation {repoId: $repoId, workId: $workId, id: $operationId})
SET o.status = 'done', o.resultJson = $resultJson, o.resultHash = $resultHash, o.completedAt = datetime()
RETURN o.id AS id
