// dashboard/turns-after.cypher — a repository's turns committed after a stream position, in commit order (Turn.seq, from its TurnClock), each with the gate step runs it recorded (GateRun.traceRef = the turn's id): what the event stream derives its events from
// params: repoId: string, after: Integer, limit: Integer   returns: turn: map {id, seq, at, workId, agentId, verb, outcome, denyCodes, latencyMs, tokens, stateBefore, stateAfter, files}, gateRuns: list<map {id, nodeId, hookId, stepName, passed, exitCode, timedOut, durationMs, startedAt}>
MATCH (t:Turn)
WHERE t.repoId = $repoId AND t.seq > $after
WITH t ORDER BY t.seq ASC LIMIT $limit
RETURN t {.id, .seq, at: toString(t.at), .workId, .agentId, .verb, .outcome, .denyCodes, .latencyMs, .tokens, .stateBefore, .stateAfter, .files} AS turn,
  // Only recipe turns run gate steps; their runs hang off the work (a handful), found by the turn's id.
  CASE WHEN t.verb = 'run_automation_recipe' AND t.workId IS NOT NULL THEN COLLECT {
    MATCH (:Work {id: t.workId})-[:HAS_GATE_RUN]->(g:GateRun)
    WHERE g.traceRef = t.id
    RETURN g {.id, .nodeId, .hookId, .stepName, .passed, .exitCode, .timedOut, .durationMs, .startedAt} AS run
    ORDER BY run.startedAt, run.id
    LIMIT 20
  } ELSE [] END AS gateRuns
