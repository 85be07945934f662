// dashboard/verb-latency-series.cypher — per verb, the latencies (ms) of its last `points` turns since a time, oldest first: the data of a sparkline
// params: repoId: string, since: string (ISO datetime), points: Integer   returns: verb: string, latencies: list<integer>
MATCH (t:Turn)
WHERE t.repoId = $repoId AND t.at >= datetime($since) AND t.latencyMs IS NOT NULL
WITH t.verb AS verb, t ORDER BY t.at DESC, t.seq DESC
WITH verb, collect(t.latencyMs)[0..$points] AS newestFirst
RETURN verb, reverse(newestFirst) AS latencies
ORDER BY verb
