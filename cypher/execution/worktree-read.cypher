// execution/worktree-read.cypher — the recorded isolated workspace of a work, if any
// params: repoId: string, workId: string   returns: kind: string, root: string, branch: string|null, baseCommit: string|null
MATCH (w:Work {id: $workId})-[:HAS_WORKTREE]->(t:Worktree)
WHERE w.repoId = $repoId
RETURN t.kind AS kind, t.root AS root, t.branch AS branch, t.baseCommit AS baseCommit
LIMIT 1
