// execution/lock-waiting-ahead.cypher — under overlapPolicy reject: other live works whose plan is kept waiting for a lease on one of these files and that waited longer than this work (an earlier queuedAt; all of them when this work waits for nothing yet), still retrying (lastSeenAt within staleMs), oldest first
// params: repoId: string, workId: string, request: {files: list<string>} (a map: its list's size does not key the plan), staleMs: Integer, limit: Integer   returns: workId: string, queuedAt: string, files: list<string>
OPTIONAL MATCH (mine:PlanGraph {workId: $workId, status: 'waiting_lease'})
WHERE mine.repoId = $repoId
WITH min(mine.queuedAt) AS since
MATCH (g:PlanGraph {status: 'waiting_lease'})
WHERE g.repoId = $repoId AND g.workId <> $workId AND any(f IN coalesce(g.files, []) WHERE f IN $request.files)
  AND g.lastSeenAt > datetime() - duration({milliseconds: $staleMs}) AND (since IS NULL OR g.queuedAt < since)
MATCH (w:Work {id: g.workId})
WHERE w.repoId = $repoId AND w.state IN ['PLANNING', 'PLAN_ACCEPTED']
RETURN g.workId AS workId, toString(g.queuedAt) AS queuedAt, [f IN g.files WHERE f IN $request.files] AS files
ORDER BY g.queuedAt, workId
LIMIT $limit
