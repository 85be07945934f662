// graphgate 10 — where an ag-Grid origin chain breaks in $repoId (ORIGIN_UNKNOWN): unresolved columns, renderers and navigation targets, with the expression and file:line
MATCH (g:GridTable {repoId: $repoId})-[:HAS_COLUMN]->(c:ColumnDef)
OPTIONAL MATCH (c)-[:USES_RENDERER]->(r)
OPTIONAL MATCH (r)-[:TEMPLATES|HAS_USAGE*0..2]->()-[:TRIGGERS_NAV]->(n:NavTrigger)
WITH g, c, r, n,
  CASE
    WHEN r IS NULL AND c.unresolvedReason IS NOT NULL THEN ['ColumnDef', c.unresolvedReason, c.expression, c.path + ':' + toInteger(c.startLine)]
    WHEN r.kind = 'unresolved' THEN ['CellRenderer', r.unresolvedReason, r.expression, c.path + ':' + toInteger(c.startLine)]
    WHEN n IS NOT NULL AND NOT EXISTS { (n)-[:TARGETS]->(:Route) } THEN ['Route', coalesce(n.unresolvedReason, 'no route matches'), n.expression, n.path + ':' + toInteger(n.startLine)]
  END AS gap
WHERE gap IS NOT NULL
RETURN g.name AS grid, coalesce(c.field, c.colId, c.headerName) AS column, r.name AS renderer,
  gap[0] AS missingHop, gap[1] AS reason, gap[2] AS expression, gap[3] AS at, n.candidatePath AS hint
ORDER BY grid, column, at
