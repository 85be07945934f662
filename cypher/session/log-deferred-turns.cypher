// session/log-deferred-turns.cypher — writes turns answered while the graph was away: idempotent on Turn.id (a Turn that exists was written already: nothing changes), never a state change
// params: repoId, batch: {turns: list<map {workId: string|null, agentId: string|null, tokens: Integer, rejected: Integer, at: string, turn: map, friction: list<map>}>} (a map: the list's size does not key the plan)   returns: written
UNWIND $batch.turns AS d
MERGE (t:Turn {id: d.turn.id})
  ON CREATE SET t.deferredAt = datetime()
// Only the MERGE that created the node marks it new, so a second flush of the same record adds nothing.
WITH d, t, t.deferredAt IS NOT NULL AND t.at IS NULL AS created
WHERE created
SET t += d.turn, t.at = datetime(d.at)
WITH d, t
OPTIONAL MATCH (named:Work {id: d.workId})
WHERE named.repoId = $repoId
OPTIONAL MATCH (owner:Agent {id: d.agentId})
// The ids were not checked when the graph was away: an agent of another work is never charged to the named one.
WITH d, t, CASE WHEN owner IS NOT NULL AND owner.workId <> named.id THEN null ELSE named END AS w
FOREACH (_ IN CASE WHEN w IS NULL THEN [] ELSE [1] END | SET w.usedTokens = w.usedTokens + d.tokens, w.updatedAt = datetime())
FOREACH (_ IN CASE WHEN w IS NULL OR d.agentId IS NULL THEN [] ELSE [1] END |
  CREATE (w)-[:HAS_TURN]->(t)
  MERGE (a:Agent {id: d.agentId})
    ON CREATE SET a.repoId = $repoId, a.workId = w.id, a.actions = 0, a.rejections = 0, a.usedTokens = 0, a.createdAt = datetime()
  SET a.lastSeenAt = datetime()
  SET a.actions = a.actions + 1, a.rejections = a.rejections + d.rejected, a.usedTokens = a.usedTokens + d.tokens
  MERGE (a)-[:WORKS_ON]->(w)
  CREATE (a)-[:TOOK]->(t))
FOREACH (e IN d.friction |
  CREATE (f:FrictionEvent)
  SET f = e, f.repoId = $repoId, f.at = datetime()
  CREATE (t)-[:RAISED]->(f)
  FOREACH (_ IN CASE WHEN w IS NULL THEN [] ELSE [1] END | CREATE (w)-[:HAD_FRICTION]->(f)))
// Numbered on the repository's turn clock after the rest (its lock is held until commit, so seq follows commit order).
WITH collect(DISTINCT t) AS turns
MERGE (clock:TurnClock {repoId: $repoId})
SET clock._lock = true
WITH turns, clock, coalesce(clock.seq, 0) AS base
SET clock.seq = base + size(turns)
REMOVE clock._lock
WITH turns, base
UNWIND range(0, size(turns) - 1) AS i
WITH turns[i] AS t, base + i + 1 AS seq
SET t.seq = seq
RETURN count(t) AS written
