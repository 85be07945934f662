// 0015-plan-warm-up.cypher — one PlanWarmUp node per server: the MCP processes that connect after a restart claim
// the warm-up of the server's plan cache on it, and only the first one warms (src/graph/warm-plans.ts).
CREATE CONSTRAINT plan_warm_up_id IF NOT EXISTS FOR (n:PlanWarmUp) REQUIRE n.id IS UNIQUE;
