// bench/fact-dump-nodes.cypher — every node of a namespace with its labels and properties (fact-dump.ts compares two ingests)
MATCH (n {repoId: $repoId})
RETURN labels(n) AS labels, properties(n) AS props
