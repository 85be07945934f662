// session/work-friction-counts.cypher — how often a work has been refused with each of these codes so far (the friction ledger's rejectionCount)
// params: repoId: string, workId: string, codes: list<string>   returns: code: string, count: Integer
MATCH (w:Work {id: $workId})-[:HAD_FRICTION]->(f:FrictionEvent)
WHERE w.repoId = $repoId AND f.code IN $codes
RETURN f.code AS code, count(f) AS count
