// pack/list-pack-symbols.cypher — symbols defined in files of a pack (for the pack file and its summary)
// params: repoId: string, paths: list<string>, limit: Integer   returns: id, name, kind, path
UNWIND $paths AS path
MATCH (f:File {repoId: $repoId, path: path})-[:DEFINES]->(s:Symbol)
RETURN DISTINCT s.id AS id, s.name AS name, s.kind AS kind, f.path AS path
ORDER BY path, name
LIMIT $limit
