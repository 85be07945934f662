// execution/approval-record.cypher — stores a person's merge approval of a work: only the token's SHA-256, its expiry, and the plan it approves
// params: repoId: string, workId: string, id: string, tokenHash: string, planId: string, expiresAt: string (ISO), approvedBy: string   returns: id: string, expiresAt: string
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
CREATE (a:MergeApproval {id: $id})
SET a.repoId = $repoId, a.workId = $workId, a.tokenHash = $tokenHash, a.planId = $planId,
    a.approvedBy = $approvedBy, a.createdAt = datetime(), a.expiresAt = datetime($expiresAt)
MERGE (w)-[:HAS_APPROVAL]->(a)
RETURN a.id AS id, toString(a.expiresAt) AS expiresAt
