// dashboard/pack-outcomes.cypher — how a repository's initialize_work turns (the pack a work starts with) ended since a time: count per outcome (ok, pack_insufficient, denied)
// params: repoId: string, since: string (ISO datetime)   returns: outcome: string, count: integer
// About one initialize_work turn per work: a seek by verb (migration 0014) reads only those. Hinted, because with stale
// index statistics the planner was seen to scan the whole index instead.
MATCH (t:Turn)
USING INDEX SEEK t:Turn(repoId, verb, at)
WHERE t.repoId = $repoId AND t.at >= datetime($since) AND t.verb = 'initialize_work'
RETURN t.outcome AS outcome, count(*) AS count
ORDER BY count DESC, outcome
