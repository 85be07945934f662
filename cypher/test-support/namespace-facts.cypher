// test-support/namespace-facts.cypher — every node of a namespace with its outgoing relationships, for tests that compare two ingests
MATCH (n {repoId: $repoId})
OPTIONAL MATCH (n)-[r]->(m)
WITH n, [x IN collect(CASE WHEN r IS NULL THEN null ELSE {type: type(r), to: m.id, props: properties(r)} END) WHERE x IS NOT NULL] AS out
RETURN n.id AS id, labels(n) AS labels, properties(n) AS props, out
