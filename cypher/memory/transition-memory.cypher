// memory/transition-memory.cypher — a person's transition of one memory (approve, reject, retire), written only when the memory is still in the state the caller checked against the lifecycle table; records an append-only MemoryTransition
// params: repoId: string, id: string, from: string, to: string, who: string, why: string | null, at: string (ISO)   returns: transitionId, memoryId, from, to, who, why, at (no row: the memory changed meanwhile)
MATCH (m:Memory {id: $id})
WHERE m.repoId = $repoId
SET m._lifecycleLock = true
REMOVE m._lifecycleLock
WITH m
WHERE m.state = $from
SET m.state = $to, m.stateSince = $at, m.updatedAt = $at, m.reviewedBy = $who
CREATE (m)-[:TRANSITIONED]->(t:MemoryTransition {id: randomUUID(), repoId: $repoId, memoryId: m.id, from: $from, to: $to, who: $who, why: $why, at: $at})
RETURN t.id AS transitionId, t.memoryId AS memoryId, t.from AS from, t.to AS to, t.who AS who, t.why AS why, t.at AS at
