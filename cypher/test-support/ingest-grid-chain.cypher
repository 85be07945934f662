// test-support/ingest-grid-chain.cypher — the ag-Grid origin chains of a test namespace, as paths
// params: repoId: string   returns: grid: string, column: string, route: string, component: string, service: string
MATCH (g:GridTable {repoId: $repoId})-[:HAS_COLUMN]->(c:ColumnDef)-[:USES_RENDERER]->(:CellRenderer)-[:TRIGGERS_NAV]->(:NavTrigger)
      -[:TARGETS]->(r:Route)-[:ROUTES_TO]->(cmp:Component)-[:INJECTS]->(s:Service)
RETURN DISTINCT g.id AS grid, c.field AS column, r.fullPath AS route, cmp.name AS component, s.name AS service
