// session/record-friction.cypher — one FrictionEvent per rejection, linked to its turn (and work, when known)
// params: turnId: string, repoId: string, events: list<map (id, code, verb, workId, agentId, runSessionId, strategyId, domainAnchorIds)>   returns: created
MATCH (t:Turn {id: $turnId})
UNWIND $events AS e
CREATE (f:FrictionEvent)
SET f = e, f.repoId = $repoId, f.at = datetime()
CREATE (t)-[:RAISED]->(f)
WITH f
OPTIONAL MATCH (w:Work {id: f.workId})
WHERE w.repoId = $repoId
FOREACH (_ IN CASE WHEN w IS NULL THEN [] ELSE [1] END | CREATE (w)-[:HAD_FRICTION]->(f))
RETURN count(f) AS created
