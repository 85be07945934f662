// execution/approval-consume.cypher — spends a merge approval once: serialised on the work's lock, so of two racing merges exactly one gets it
// params: repoId: string, workId: string, id: string, operation: string   returns: id: string (no row when it was already used or has expired)
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
SET w.updatedAt = datetime()
WITH w
MATCH (w)-[:HAS_APPROVAL]->(a:MergeApproval {id: $id})
WHERE a.usedAt IS NULL AND a.expiresAt > datetime()
SET a.usedAt = datetime(), a.usedBy = $operation
RETURN a.id AS id
