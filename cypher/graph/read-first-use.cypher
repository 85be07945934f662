// graph/read-first-use.cypher — whether an operation's first use after this server start is done, or its holder's lease ran out (a process that died while it held it)
// params: id: string, serverStartedAt: Integer   returns: done: boolean, expired: boolean
OPTIONAL MATCH (g:PlanWarmUp {id: $id})
RETURN coalesce(g.doneFor, -1) = $serverStartedAt AS done, coalesce(g.leaseUntil, 0) < timestamp() AS expired
