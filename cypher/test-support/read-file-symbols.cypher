// test-support/read-file-symbols.cypher — names of the symbols a file defines (tests only)
// params: repoId: string, path: string   returns: names: list<string>
MATCH (f:File {repoId: $repoId, path: $path})
OPTIONAL MATCH (f)-[:DEFINES]->(s:Symbol)
RETURN collect(DISTINCT s.name) AS names
