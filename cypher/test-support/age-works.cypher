// test-support/age-works.cypher — moves works' creation time $ms milliseconds into the past (tests only)
// params: repoId, workIds: list<string>, ms: Integer   returns: aged: Integer
MATCH (w:Work)
WHERE w.id IN $workIds AND w.repoId = $repoId
SET w.createdAt = datetime() - duration({milliseconds: $ms})
RETURN count(w) AS aged
