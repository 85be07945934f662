// soak/turns.cypher — every Turn logged for the soak's repository, with the work it is linked to (compared with the turns the harness saw answered)
// params: repoId: string   returns: id: string, workId: string|null, verb: string, outcome: string, linkedWorkId: string|null
MATCH (t:Turn)
WHERE t.repoId = $repoId
OPTIONAL MATCH (w:Work)-[:HAS_TURN]->(t)
RETURN t.id AS id, t.workId AS workId, t.verb AS verb, t.outcome AS outcome, w.id AS linkedWorkId
