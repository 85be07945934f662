// graph/finish-first-use.cypher — the holder marks an operation's first use after this server start done (the waiting processes go on)
// params: id: string, serverStartedAt: Integer, owner: string   returns: finished: boolean
MATCH (g:PlanWarmUp {id: $id})
WHERE g.startedFor = $serverStartedAt AND g.owner = $owner
SET g.doneFor = $serverStartedAt, g.leaseUntil = 0
RETURN true AS finished
