// execution/worktree-record.cypher — records (or refreshes) the isolated workspace of a work: a git worktree or a copy
// params: repoId: string, workId: string, kind: string, root: string, branch: string|null, baseCommit: string|null, snapshotId: string|null   returns: workId: string
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
MERGE (w)-[:HAS_WORKTREE]->(t:Worktree {workId: $workId})
ON CREATE SET t.createdAt = datetime()
SET t.repoId = $repoId, t.kind = $kind, t.root = $root, t.branch = $branch, t.baseCommit = $baseCommit,
    t.snapshotId = $snapshotId, t.updatedAt = datetime()
RETURN t.workId AS workId
