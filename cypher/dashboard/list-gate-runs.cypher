// dashboard/list-gate-runs.cypher — a repository's gate step runs, newest first, optionally of one work, with the tail of their output (scrubbed of secrets when recorded)
// params: repoId: string, workId: string|null, limit: Integer   returns: run: map {id, workId, nodeId, hookId, stepName, passed, exitCode, timedOut, durationMs, startedAt, outputTail}
MATCH (g:GateRun)
WHERE g.repoId = $repoId AND ($workId IS NULL OR g.workId = $workId)
WITH g ORDER BY g.startedAt DESC, g.id DESC LIMIT $limit
RETURN g {.id, .workId, .nodeId, .hookId, .stepName, .passed, .exitCode, .timedOut, .durationMs, .startedAt, outputTail: right(coalesce(g.output, ''), 2000)} AS run
