// bench/observer-seed-turns.cypher — a batch of the observer benchmark's turns as commit-turn.cypher writes them (Turn, HAS_TURN, TOOK, agent and work counters, FrictionEvents with RAISED and HAD_FRICTION), then numbered on the repository's TurnClock in row order as log-deferred-turns.cypher does
// params: repoId: string, rows: list<map {i: Integer, workId, agentId, tokens: Integer, rejected: Integer, at: string (ISO), turn: map, friction: list<map>}>   returns: written: integer
UNWIND $rows AS row
MATCH (w:Work {id: row.workId})
WHERE w.repoId = $repoId
MATCH (a:Agent {id: row.agentId})
CREATE (t:Turn)
SET t = row.turn, t.at = datetime(row.at)
SET w.usedTokens = w.usedTokens + row.tokens, w.updatedAt = CASE WHEN t.at > w.updatedAt THEN t.at ELSE w.updatedAt END
SET a.actions = a.actions + 1, a.rejections = a.rejections + row.rejected, a.usedTokens = a.usedTokens + row.tokens,
    a.lastSeenAt = CASE WHEN t.at > a.lastSeenAt THEN t.at ELSE a.lastSeenAt END
CREATE (w)-[:HAS_TURN]->(t)
CREATE (a)-[:TOOK]->(t)
FOREACH (e IN row.friction |
  CREATE (f:FrictionEvent)
  SET f = e, f.repoId = $repoId, f.at = t.at
  CREATE (t)-[:RAISED]->(f)
  CREATE (w)-[:HAD_FRICTION]->(f))
WITH row.i AS i, t ORDER BY i
WITH collect(t) AS turns
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
