// memory/record-promotion.cypher — links an approved memory to the policy-plane record it was promoted to, with an append-only MemoryTransition that keeps the state (approved → approved, promotedTo); a second call for the same record writes nothing
// params: repoId: string, id: string, recordId: string (PolicyRecord graph id), who: string, why: string, at: string (ISO)   returns: state, linked: boolean (already linked before), transitionId, memoryId, from, to, who, why, at, promotedTo (transition fields null when nothing was written)
MATCH (m:Memory {id: $id})
WHERE m.repoId = $repoId
MATCH (p:PolicyRecord {id: $recordId})
WHERE p.repoId = $repoId
SET m._lifecycleLock = true
REMOVE m._lifecycleLock
WITH m, p, EXISTS { (m)-[:PROMOTED_TO]->(p) } AS linked
OPTIONAL CALL (m, p, linked) {
  WITH m, p
  WHERE NOT linked AND m.state = 'approved'
  MERGE (m)-[:PROMOTED_TO]->(p)
  SET m.promotedTo = p.recordId, m.promotedAt = $at
  CREATE (m)-[:TRANSITIONED]->(t:MemoryTransition {id: randomUUID(), repoId: $repoId, memoryId: m.id, from: 'approved', to: 'approved', who: $who, why: $why, at: $at, promotedTo: p.id})
  RETURN t
}
RETURN m.state AS state, linked, t.id AS transitionId, t.memoryId AS memoryId, t.from AS from, t.to AS to, t.who AS who, t.why AS why, t.at AS at, t.promotedTo AS promotedTo
