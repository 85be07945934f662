// dashboard/pack-outcomes.cypher — how a repository's initialize_work turns (the pack a work starts with) ended since a time: count per outcome (ok, pack_insufficient, denied)
// params: repoId: string, since: string (ISO datetime)   returns: outcome: string, count: integer
MATCH (t:Turn)
WHERE t.repoId = $repoId AND t.at >= datetime($since) AND t.verb = 'initialize_work'
RETURN t.outcome AS outcome, count(*) AS count
ORDER BY count DESC, outcome
