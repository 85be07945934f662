// pack/find-symbol-in-pack.cypher — definitions of a symbol name, only from files the pack includes
// params: packId: string, repoId: string, name: string, kind: string|null, limit: Integer   returns: id, name, kind, path, startLine, endLine, signature
MATCH (p:ContextPack {id: $packId})-[:INCLUDES]->(f:File)-[:DEFINES]->(s:Symbol)
WHERE p.repoId = $repoId AND s.name = $name AND ($kind IS NULL OR s.kind = $kind)
RETURN DISTINCT s.id AS id, s.name AS name, s.kind AS kind, f.path AS path, s.startLine AS startLine, s.endLine AS endLine, s.signature AS signature
ORDER BY path, startLine
LIMIT $limit
