// session/find-unstarted-works.cypher — PLANNING works without a logged turn created more than $olderThanMs ago: their initialize_work never answered (its process died, or timed out and could not clean up)
// params: repoId, olderThanMs: Integer   returns: workId
MATCH (w:Work {state: 'PLANNING'})
WHERE w.repoId = $repoId AND w.createdAt < datetime() - duration({milliseconds: $olderThanMs})
  AND NOT EXISTS { (w)-[:HAS_TURN]->(:Turn) }
RETURN w.id AS workId
