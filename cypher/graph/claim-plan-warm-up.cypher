// graph/claim-plan-warm-up.cypher — the one process that warms this server start's plan cache: claims it when no one has since the server started (the node is write-locked before it is read)
// params: serverStartedAt: Integer, owner: string   returns: claimed: boolean
MERGE (w:PlanWarmUp {id: 'server'})
SET w._lock = true
WITH w, coalesce(w.serverStartedAt, -1) <> $serverStartedAt AS claimed
SET w.serverStartedAt = CASE WHEN claimed THEN $serverStartedAt ELSE w.serverStartedAt END,
    w.owner = CASE WHEN claimed THEN $owner ELSE w.owner END,
    w.claimedAt = CASE WHEN claimed THEN timestamp() ELSE w.claimedAt END
REMOVE w._lock
RETURN claimed
