// pack/find-symbol-in-pack.cypher — definitions of a symbol name, only from files the pack includes
// A pack file the work changed (in $overlay.paths) is read from the work's overlay ($overlay.repoId), every other from the base.
// params: packId: string, repoId: string, overlay: {repoId: string|null, paths: list<string>}, lookup: {name: string, kind: string|null} (maps: what they hold does not key the plan, so every name and overlay shares one), limit: Integer   returns: id, name, kind, path, startLine, endLine, signature
MATCH (p:ContextPack {id: $packId})-[:INCLUDES]->(included:File)
WHERE p.repoId = $repoId
CALL (included) {
  WITH included WHERE NOT included.path IN $overlay.paths
  RETURN included AS f
  UNION
  WITH included WHERE included.path IN $overlay.paths
  MATCH (f:File {repoId: $overlay.repoId, path: included.path})
  RETURN f
}
MATCH (f)-[:DEFINES]->(s:Symbol)
WHERE s.name = $lookup.name AND ($lookup.kind IS NULL OR s.kind = $lookup.kind)
RETURN DISTINCT s.id AS id, s.name AS name, s.kind AS kind, f.path AS path, s.startLine AS startLine, s.endLine AS endLine, s.signature AS signature
ORDER BY path, startLine
LIMIT $limit
