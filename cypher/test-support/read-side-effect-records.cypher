// test-support/read-side-effect-records.cypher — a work's Worktree merge record and every stored property of its merge approvals (tests only)
// params: repoId: string, workId: string   returns: worktree: map|null, approvals: list<map>
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
OPTIONAL MATCH (w)-[:HAS_WORKTREE]->(t:Worktree)
OPTIONAL MATCH (w)-[:HAS_APPROVAL]->(a:MergeApproval)
WITH t, collect(properties(a)) AS approvals
RETURN CASE WHEN t IS NULL THEN null ELSE t {.mergeCommit, .mergedInto, .branchDeleted, removed: t.removedAt IS NOT NULL} END AS worktree,
       [p IN approvals | p {.*, expiresAt: toString(p.expiresAt), createdAt: toString(p.createdAt), usedAt: toString(p.usedAt)}] AS approvals
