// execution/approval-list.cypher — a work's merge approvals (token hashes only), newest first; the caller compares hashes in constant time
// params: repoId: string, workId: string, limit: Integer   returns: id: string, tokenHash: string, planId: string, expired: boolean, usedAt: string|null
MATCH (w:Work {id: $workId})-[:HAS_APPROVAL]->(a:MergeApproval)
WHERE w.repoId = $repoId
RETURN a.id AS id, a.tokenHash AS tokenHash, a.planId AS planId, a.expiresAt <= datetime() AS expired,
       CASE WHEN a.usedAt IS NULL THEN null ELSE toString(a.usedAt) END AS usedAt
ORDER BY a.createdAt DESC, a.id
LIMIT $limit
