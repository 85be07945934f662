// memory/list-memories.cypher — a repository's memories for people (graphgate memory list), optionally in one state, newest state change first, with the paths of the anchors they apply to
// params: repoId: string, state: string | null, limit: Integer   returns: id, memoryId, state, enforcementType, trigger, since, rejectionCodes, anchors, note
MATCH (m:Memory)
WHERE m.repoId = $repoId AND ($state IS NULL OR m.state = $state)
WITH m, toString(coalesce(m.stateSince, m.createdAt)) AS since
ORDER BY since DESC, m.id
LIMIT $limit
RETURN m.id AS id, coalesce(m.memoryId, m.id) AS memoryId, m.state AS state, m.enforcementType AS enforcementType, m.trigger AS trigger, since,
  coalesce(m.rejectionCodes, []) AS rejectionCodes, [(m)-[:APPLIES_TO]->(a:DomainAnchor) | a.path] AS anchors, m.note AS note
