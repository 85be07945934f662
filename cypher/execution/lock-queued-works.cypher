// execution/lock-queued-works.cypher — live works (other than the releasing one) whose current accepted plan targets one of the given files, in queue order (oldest acceptance first, then workId), with their plan nodes to lease
// params: repoId: string, workId: string, request: {files: list<string>} (a map: its list's size does not key the plan), limit: Integer   returns: workId: string, nodes: list<string> (PlanNode.nodeJson)
MATCH (w:Work)-[:HAS_PLAN]->(g:PlanGraph {current: true})-[:HAS_NODE]->(n:PlanNode)
WHERE w.repoId = $repoId AND w.id <> $workId AND w.state = 'PLAN_ACCEPTED' AND n.targetFile IN $request.files
WITH DISTINCT w, g
ORDER BY g.acceptedAt, w.id
LIMIT $limit
MATCH (g)-[:HAS_NODE]->(m:PlanNode)
WITH w, g, collect(m.nodeJson) AS nodes
RETURN w.id AS workId, nodes
ORDER BY g.acceptedAt, workId
