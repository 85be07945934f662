// test-support/age-plan-warm-up.cypher — makes the server's PlanWarmUp claim look like one from an earlier server start (as after a restart)
// params: none   returns: n: number
MERGE (w:PlanWarmUp {id: 'server'})
SET w.serverStartedAt = -2, w.owner = 'an earlier server start'
RETURN count(w) AS n
