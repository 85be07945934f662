// graphgate 13 — the proof chains inside a pack ($packId): ag-Grid and federation paths whose every file is one of the pack's files
MATCH (p:ContextPack {id: $packId})
WITH p, [(p)-[:INCLUDES]->(f:File) | f.path] AS files
CALL (p, files) {
  MATCH chain = (g:GridTable)-[:HAS_COLUMN]->(:ColumnDef)-[:USES_RENDERER]->()-[:TEMPLATES|HAS_USAGE*0..2]->()
                -[:TRIGGERS_NAV]->(:NavTrigger)-[:TARGETS]->(:Route)-[:ROUTES_TO]->(:Component)
  WHERE g.repoId = p.repoId AND all(n IN nodes(chain) WHERE coalesce(n.ownerFile, n.path) IN files)
  RETURN chain
  UNION
  MATCH chain = (r:Route)-[:LOADS_REMOTE]->(:RemoteExpose)-[:EXPOSES]->(f:File)
  WHERE r.repoId = p.repoId AND r.ownerFile IN files AND f.path IN files
  RETURN chain
}
RETURN chain
LIMIT 100
