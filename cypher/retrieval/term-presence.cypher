// retrieval/term-presence.cypher — which task words occur anywhere in this repository's files (stemmed, ft_file_fields): a task whose words the code does not contain cannot be placed
// params: search: {probes: list<{term: string, query: string}> (query = +ftRepo:<key> +<escaped term>)} (one map: a map's contents do not key the plan, so every prompt shares one)   returns: term, present: boolean
UNWIND $search.probes AS probe
CALL (probe) {
  CALL db.index.fulltext.queryNodes('ft_file_fields', probe.query, {limit: 1}) YIELD node
  RETURN count(node) AS hits
}
RETURN probe.term AS term, hits > 0 AS present
