// bench/fact-dump-rels.cypher — every relationship leaving a node of a namespace, by the end nodes' ids
MATCH (a {repoId: $repoId})-[r]->(b)
RETURN a.id AS from, type(r) AS type, b.id AS to, properties(r) AS props
