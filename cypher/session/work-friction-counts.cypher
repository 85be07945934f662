// session/work-friction-counts.cypher — how often a work has been refused with each of these codes so far (the friction ledger's rejectionCount)
// params: repoId: string, workId: string, request: {codes: list<string>} (a map: the list's size does not key the plan)   returns: code: string, count: Integer
MATCH (w:Work {id: $workId})-[:HAD_FRICTION]->(f:FrictionEvent)
WHERE w.repoId = $repoId AND f.code IN $request.codes
RETURN f.code AS code, count(f) AS count
