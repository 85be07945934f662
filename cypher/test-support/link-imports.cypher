// test-support/link-imports.cypher — adds IMPORTS edges between facts by id (tests only)
// params: edges: list<{from: string, to: string}>   returns: linked
UNWIND $edges AS e
MATCH (a:Fact {id: e.from})
MATCH (b:Fact {id: e.to})
MERGE (a)-[:IMPORTS]->(b)
RETURN count(*) AS linked
