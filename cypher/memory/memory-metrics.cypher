// memory/memory-metrics.cypher — a repository's memory metrics (issue 13): friction events and how many a later pass of the same check resolved, memories per state, and plan submissions checked against an active memory's plan rule with what happened
// params: repoId: string   returns: frictionEvents: Integer, frictionResolved: Integer, memoriesByState: list<{state: string, count: Integer}>, planSubmissions: Integer, checkedAgainstMemories: Integer, rulesSatisfied: Integer, rulesViolated: Integer
CALL () {
  // Every FrictionEvent has `at` (both write paths set it); naming it lets the (repoId, at) index serve.
  MATCH (f:FrictionEvent) WHERE f.repoId = $repoId AND f.at IS NOT NULL
  RETURN count(f) AS frictionEvents, count(CASE WHEN f.resolved THEN 1 END) AS frictionResolved
}
CALL () {
  OPTIONAL MATCH (m:Memory) WHERE m.repoId = $repoId
  WITH m.state AS state, count(m) AS n WHERE state IS NOT NULL
  ORDER BY state
  RETURN collect({state: state, count: n}) AS memoriesByState
}
CALL () {
  // Every Turn has `at` too: named, the (repoId, verb, at) index serves (a seek, hinted: with stale statistics the
  // planner was seen to scan all of that index instead).
  MATCH (t:Turn) USING INDEX SEEK t:Turn(repoId, verb, at) WHERE t.repoId = $repoId AND t.verb = 'submit_execution_plan' AND t.at IS NOT NULL
  WITH coalesce(t.memoryRules, []) AS rules
  RETURN count(*) AS planSubmissions, count(CASE WHEN size(rules) > 0 THEN 1 END) AS checkedAgainstMemories,
    sum(size([r IN rules WHERE r ENDS WITH ':satisfied'])) AS rulesSatisfied, sum(size([r IN rules WHERE r ENDS WITH ':violated'])) AS rulesViolated
}
RETURN frictionEvents, frictionResolved, memoriesByState, planSubmissions, checkedAgainstMemories, rulesSatisfied, rulesViolated
