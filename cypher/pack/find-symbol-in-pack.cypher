// pack/find-symbol-in-pack.cypher — definitions of a symbol name, only from files the pack includes
// A pack file the work changed (in $overlayPaths) is read from the work's overlay ($overlayRepoId), every other from the base.
// params: packId: string, repoId: string, overlayRepoId: string|null, overlayPaths: list<string>, name: string, kind: string|null, limit: Integer   returns: id, name, kind, path, startLine, endLine, signature
MATCH (p:ContextPack {id: $packId})-[:INCLUDES]->(included:File)
WHERE p.repoId = $repoId
CALL (included) {
  WITH included WHERE NOT included.path IN $overlayPaths
  RETURN included AS f
  UNION
  WITH included WHERE included.path IN $overlayPaths
  MATCH (f:File {repoId: $overlayRepoId, path: included.path})
  RETURN f
}
MATCH (f)-[:DEFINES]->(s:Symbol)
WHERE s.name = $name AND ($kind IS NULL OR s.kind = $kind)
RETURN DISTINCT s.id AS id, s.name AS name, s.kind AS kind, f.path AS path, s.startLine AS startLine, s.endLine AS endLine, s.signature AS signature
ORDER BY path, startLine
LIMIT $limit
