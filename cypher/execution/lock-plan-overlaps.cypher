// execution/lock-plan-overlaps.cypher — other live works whose current accepted plan targets one of the given files, oldest acceptance first; a work whose unreleased leases have all expired is abandoned and no longer counts
// params: repoId: string, workId: string, request: {files: list<string>} (a map: its list's size does not key the plan)   returns: workId, acceptedAt, files: list<string>
MATCH (w:Work)-[:HAS_PLAN]->(g:PlanGraph {current: true})-[:HAS_NODE]->(n:PlanNode)
WHERE w.repoId = $repoId AND w.id <> $workId AND w.state = 'PLAN_ACCEPTED' AND n.targetFile IN $request.files
WITH w, g, collect(DISTINCT n.targetFile) AS files
OPTIONAL MATCH (r:Reservation)
WHERE r.repoId = $repoId AND r.workId = w.id AND r.released = false
WITH w, g, files, count(r) AS held, count(CASE WHEN r.expiresAt > datetime() THEN 1 END) AS live
WHERE held = 0 OR live > 0
RETURN w.id AS workId, toString(g.acceptedAt) AS acceptedAt, files
ORDER BY g.acceptedAt, workId
