// execution/sandbox-list-runs.cypher — the run_sandboxed_code evidence of a work, oldest first
// params: repoId: string, workId: string   returns: event: map
MATCH (:Work {id: $workId, repoId: $repoId})-[:HAS_EVENT]->(e:SandboxRun)
RETURN e {.*, recordedAt: toString(e.recordedAt)} AS event
ORDER BY e.startedAt, e.id
