// test-support/count-warm-up-repos.cypher — Repo nodes keyed by a plan warm-up's sample value (a warm-up rolls back, so none may exist)
// params: none   returns: n: number
MATCH (r:Repo)
WHERE r.id STARTS WITH '\u0000'
RETURN count(r) AS n
