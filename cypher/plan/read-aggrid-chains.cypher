// plan/read-aggrid-chains.cypher — ag-Grid origin chains of the grids a pack holds: grid → column → renderer → nav → route → component (→ service), with the files they pass through
// params: repoId: string, packId: string, limit: Integer   returns: path, line, ownerFile, complete: boolean, hopFiles: list<string>
MATCH (p:ContextPack {id: $packId})-[:INCLUDES]->(f:File)
WHERE p.repoId = $repoId
WITH collect(f.path) AS packPaths
MATCH (g:GridTable)
WHERE g.repoId = $repoId AND (g.path IN packPaths OR g.ownerFile IN packPaths)
CALL (g) {
  OPTIONAL MATCH (g)-[:HAS_COLUMN]->(c:ColumnDef)-[:USES_RENDERER]->(rn:CellRenderer)-[:HAS_USAGE*0..1]->()-[:TRIGGERS_NAV]->(n:NavTrigger)
                 -[:TARGETS]->(r:Route)-[:ROUTES_TO]->(cmp:Component)
  WITH c, rn, n, r, cmp LIMIT 50
  OPTIONAL MATCH (cmp)-[:INJECTS]->(svc:Service)
  RETURN count(cmp) > 0 AS complete,
         collect(DISTINCT c.path) + collect(DISTINCT rn.path) + collect(DISTINCT n.path) + collect(DISTINCT r.path) + collect(DISTINCT cmp.path) + collect(DISTINCT svc.path) AS hopFiles
}
RETURN g.path AS path, g.startLine AS line, g.ownerFile AS ownerFile, complete, hopFiles
ORDER BY path, line
LIMIT $limit
