// dashboard/verb-latency.cypher — per-verb turn count and latency percentiles (p50, p95, p99, max, in ms) of a repository's turns since a time
// params: repoId: string, since: string (ISO datetime)   returns: verb: string, turns: integer, p50: integer, p95: integer, p99: integer, max: integer
MATCH (t:Turn)
WHERE t.repoId = $repoId AND t.at >= datetime($since) AND t.latencyMs IS NOT NULL
WITH t.verb AS verb, t.latencyMs AS ms
RETURN verb, count(*) AS turns, percentileDisc(ms, 0.5) AS p50, percentileDisc(ms, 0.95) AS p95, percentileDisc(ms, 0.99) AS p99, max(ms) AS max
ORDER BY verb
