// graph/claim-first-use.cypher — one process runs an operation's first use after a server start while the others wait: claims it when not done for this start and not held by a live lease (the node is write-locked before it is read)
// params: id: string, serverStartedAt: Integer, owner: string, leaseMs: Integer   returns: done: boolean, claimed: boolean
MERGE (g:PlanWarmUp {id: $id})
SET g._lock = true
WITH g, coalesce(g.doneFor, -1) = $serverStartedAt AS done,
     coalesce(g.startedFor, -1) <> $serverStartedAt OR coalesce(g.leaseUntil, 0) < timestamp() AS free
WITH g, done, NOT done AND free AS claimed
SET g.startedFor = CASE WHEN claimed THEN $serverStartedAt ELSE g.startedFor END,
    g.owner = CASE WHEN claimed THEN $owner ELSE g.owner END,
    g.leaseUntil = CASE WHEN claimed THEN timestamp() + $leaseMs ELSE g.leaseUntil END
REMOVE g._lock
RETURN done, claimed
