// execution/worktree-mark-merged.cypher — records on a work's Worktree that its branch was merged into the main checkout, and what was cleaned up
// params: repoId: string, workId: string, mergeCommit: string, mergedInto: string, removed: boolean, branchDeleted: boolean   returns: workId: string
MATCH (w:Work {id: $workId})-[:HAS_WORKTREE]->(t:Worktree)
WHERE w.repoId = $repoId
SET t.mergeCommit = $mergeCommit, t.mergedInto = $mergedInto, t.mergedAt = datetime(),
    t.removedAt = CASE WHEN $removed THEN datetime() ELSE t.removedAt END, t.branchDeleted = $branchDeleted, t.updatedAt = datetime()
RETURN t.workId AS workId
