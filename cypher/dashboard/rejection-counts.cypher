// dashboard/rejection-counts.cypher — how often each deny code refused each verb in a repository's turns since a time, most frequent first
// params: repoId: string, since: string (ISO datetime)   returns: code: string, verb: string, count: integer
MATCH (t:Turn)
WHERE t.repoId = $repoId AND t.at >= datetime($since) AND t.outcome = 'denied'
UNWIND t.denyCodes AS code
RETURN code, t.verb AS verb, count(*) AS count
ORDER BY count DESC, code, verb
