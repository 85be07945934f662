// test-support/list-works.cypher — the ids of a repository's works, with how many turns each logged (tests only)
// params: repoId   returns: id, turns: Integer
MATCH (w:Work)
WHERE w.repoId = $repoId
RETURN w.id AS id, count { (w)-[:HAS_TURN]->(:Turn) } AS turns
ORDER BY id
