// plan/persist-plan.cypher — stores an accepted PlanGraph for a work: supersedes the previous one (and any other plan waiting for a lease), creates its PlanNodes (DEPENDS_ON, TARGETS File/Symbol) and resets the progress counters; a plan stored while it waited for a lease (same id) becomes the accepted one
// params: repoId: string, workId: string, plan: {id, props, nodes: list<{id, props, targetFile: string|null, symbolRefs: list<{file, name}>}>, edges: list<{from, to}>} (one map: its lists' sizes do not key the plan, so every plan size shares one), totalNodes: Integer   returns: planId, nodes, edges
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
OPTIONAL MATCH (w)-[:HAS_PLAN]->(old:PlanGraph {current: true})
WITH w, collect(old) AS olds
FOREACH (o IN olds | SET o.current = false, o.status = 'superseded', o.supersededAt = datetime())
WITH w, olds
OPTIONAL MATCH (w)-[:HAS_PLAN]->(waiting:PlanGraph {status: 'waiting_lease'})
WHERE waiting.id <> $plan.id
SET waiting.status = 'superseded', waiting.supersededAt = datetime()
WITH w, olds, count(waiting) AS supersededWaiting
MERGE (g:PlanGraph {id: $plan.id})
SET g += $plan.props, g.repoId = $repoId, g.workId = $workId, g.current = true, g.status = 'accepted', g.acceptedAt = datetime()
REMOVE g.planJson
MERGE (w)-[:HAS_PLAN]->(g)
FOREACH (o IN olds | CREATE (g)-[:SUPERSEDES]->(o))
SET w.totalNodes = $totalNodes, w.completedNodes = 0, w.planId = $plan.id
WITH g
CALL (g) {
  UNWIND $plan.nodes AS row
  CREATE (n:PlanNode {id: row.id})
  SET n += row.props, n.repoId = $repoId, n.workId = $workId, n.planId = g.id, n.outcome = 'pending'
  CREATE (g)-[:HAS_NODE]->(n)
  WITH n, row
  CALL (n, row) {
    OPTIONAL MATCH (f:File {repoId: $repoId, path: row.targetFile})
    FOREACH (_ IN CASE WHEN f IS NULL THEN [] ELSE [1] END | CREATE (n)-[:TARGETS]->(f))
  }
  CALL (n, row) {
    UNWIND row.symbolRefs AS ref
    MATCH (s:Fact {repoId: $repoId, ownerFile: ref.file})
    WHERE s:Symbol AND (s.name = ref.name OR (s.owner IS NOT NULL AND s.owner + '.' + s.name = ref.name))
    CREATE (n)-[:TARGETS]->(s)
  }
  RETURN count(n) AS created
}
CALL (g) {
  UNWIND $plan.edges AS edge
  MATCH (a:PlanNode {id: edge.from}), (b:PlanNode {id: edge.to})
  CREATE (a)-[:DEPENDS_ON]->(b)
  RETURN count(*) AS linked
}
RETURN g.id AS planId, created AS nodes, linked AS edges
