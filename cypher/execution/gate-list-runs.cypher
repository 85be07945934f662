// execution/gate-list-runs.cypher — a work's gate runs, newest first (optionally of one plan node)
// params: repoId: string, workId: string, nodeId: string|null, limit: Integer   returns: run: map
MATCH (w:Work {id: $workId})-[:HAS_GATE_RUN]->(g:GateRun)
WHERE w.repoId = $repoId AND ($nodeId IS NULL OR g.nodeId = $nodeId)
RETURN g {.id, .nodeId, .hookId, .stepName, .passed, .exitCode, .timedOut, .durationMs, .overheadMs, .startedAt, .junitJson, .lcovJson, .output} AS run
ORDER BY g.startedAt DESC, g.id
LIMIT $limit
