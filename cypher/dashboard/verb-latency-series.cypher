// dashboard/verb-latency-series.cypher — for each of the given verbs, the latencies (ms) of its last `points` turns since a time, oldest first: the data of a sparkline
// params: repoId: string, since: string (ISO datetime), verbs: list<string>, points: Integer   returns: verb: string, latencies: list<integer>
UNWIND $verbs AS verb
CALL (verb) {
  // Ordered as the (repoId, verb, at) index is (repoId and verb are one value each), so only the newest `points` are read.
  // A seek, always: with stale index statistics the planner was seen to scan the whole index once per verb instead.
  MATCH (t:Turn)
  USING INDEX SEEK t:Turn(repoId, verb, at)
  WHERE t.repoId = $repoId AND t.verb = verb AND t.at >= datetime($since) AND t.latencyMs IS NOT NULL
  WITH t ORDER BY t.repoId DESC, t.verb DESC, t.at DESC, t.seq DESC LIMIT $points
  RETURN collect(t.latencyMs) AS newestFirst
}
RETURN verb, reverse(newestFirst) AS latencies
ORDER BY verb
