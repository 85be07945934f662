// execution/lock-plan-overlaps.cypher — other live works whose current accepted plan targets one of the given files, oldest acceptance first
// params: repoId: string, workId: string, files: list<string>   returns: workId, acceptedAt, files: list<string>
MATCH (w:Work)-[:HAS_PLAN]->(g:PlanGraph {current: true})-[:HAS_NODE]->(n:PlanNode)
WHERE w.repoId = $repoId AND w.id <> $workId AND w.state = 'PLAN_ACCEPTED' AND n.targetFile IN $files
WITH w, g, collect(DISTINCT n.targetFile) AS files
RETURN w.id AS workId, toString(g.acceptedAt) AS acceptedAt, files
ORDER BY g.acceptedAt, workId
