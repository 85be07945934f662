// memory/sweep-lifecycle.cypher — the clock's lifecycle transitions for a repository at $at: each rule moves the memories of its types that have been in `from` since before `before` to `to`, and records an append-only MemoryTransition (the lock and re-check make a concurrent sweep or a person's transition win cleanly, never twice)
// params: repoId: string, at: string (ISO), who: string, rules: list<{from: string, to: string, types: list<string>, before: string (ISO), why: string, expiresAt: string | null}>   returns: transitionId, memoryId, from, to, who, why, at
UNWIND $rules AS rule
MATCH (m:Memory)
WHERE m.repoId = $repoId AND m.state = rule.from AND m.enforcementType IN rule.types
  AND datetime(toString(coalesce(m.stateSince, m.createdAt))) <= datetime(rule.before)
SET m._lifecycleLock = true
REMOVE m._lifecycleLock
WITH m, rule
WHERE m.state = rule.from
SET m.state = rule.to, m.stateSince = $at, m.updatedAt = $at,
  m.expiresAt = CASE WHEN rule.expiresAt IS NULL THEN m.expiresAt ELSE rule.expiresAt END
CREATE (m)-[:TRANSITIONED]->(t:MemoryTransition {id: randomUUID(), repoId: $repoId, memoryId: m.id, from: rule.from, to: rule.to, who: $who, why: rule.why, at: $at})
RETURN t.id AS transitionId, t.memoryId AS memoryId, t.from AS from, t.to AS to, t.who AS who, t.why AS why, t.at AS at
