// memory/read-memory-state.cypher — one memory of a repository by its graph id or its short memoryId (the exact graph id wins): what a person's transition is checked against
// params: repoId: string, id: string   returns: id, memoryId, state, enforcementType
MATCH (m:Memory)
WHERE m.repoId = $repoId AND (m.id = $id OR m.memoryId = $id)
RETURN m.id AS id, coalesce(m.memoryId, m.id) AS memoryId, m.state AS state, m.enforcementType AS enforcementType
ORDER BY CASE WHEN m.id = $id THEN 0 ELSE 1 END
LIMIT 1
