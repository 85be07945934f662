// session/resolve-friction.cypher — an ok turn of a work resolves the work's open friction raised by the same verb (the same check now passes)
// params: repoId: string, workId: string, verb: string, turnId: string   returns: id: string, code: string
MATCH (w:Work {id: $workId})-[:HAD_FRICTION]->(f:FrictionEvent {verb: $verb})
WHERE w.repoId = $repoId AND coalesce(f.resolved, false) = false
SET f.resolved = true, f.resolvedAt = datetime(), f.resolvedByTurn = $turnId
RETURN f.id AS id, f.code AS code
ORDER BY id
