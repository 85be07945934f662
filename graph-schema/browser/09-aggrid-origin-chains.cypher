// graphgate 09 — ag-Grid origin chains of $repoId as paths: Table → ColumnDef → CellRenderer → NavTrigger → Route → Component (→ Service)
MATCH chain = (g:GridTable {repoId: $repoId})-[:HAS_COLUMN]->(:ColumnDef)-[:USES_RENDERER]->()
              -[:TEMPLATES|HAS_USAGE*0..2]->()-[:TRIGGERS_NAV]->(:NavTrigger)-[:TARGETS]->(:Route)-[:ROUTES_TO]->(c:Component)
OPTIONAL MATCH service = (c)-[:INJECTS]->(:Service)
RETURN chain, service
LIMIT 50
