// retrieval/closure-expand.cypher — closure: one bounded step from anchor entities along allowlisted edges (route → component → template/DI services and back to the components injecting a service, template file → owning component, grid column → grid host, guards/resolvers, lazy modules, ag-Grid and federation hops, endpoints, imported definitions, covering tests, config flags)
// params: repoId: string, seedIds: list<string>, perEdge: Integer   returns: seedId, seedLabels, edge, node: {id, labels, name, path, line, symbolKind, snapshotId, framework}
UNWIND $seedIds AS seedId
MATCH (s:Fact {id: seedId})
WHERE s.repoId = $repoId
CALL (s) {
  MATCH (s)-[r:ROUTES_TO|LOADS_CHILDREN|GUARDED_BY|RESOLVES|LOADS_REMOTE|CHILD_OF]->(n) WHERE s:Route
  RETURN type(r) AS edge, n ORDER BY n.id LIMIT $perEdge
  UNION ALL
  MATCH (s)-[:LOADS_REMOTE]->(:RemoteExpose)-[:EXPOSES]->(n:File) WHERE s:Route
  RETURN 'EXPOSES' AS edge, n ORDER BY n.id LIMIT $perEdge
  UNION ALL
  MATCH (n:Route)-[:ROUTES_TO]->(s)
  RETURN 'ROUTED_BY' AS edge, n ORDER BY n.id LIMIT $perEdge
  UNION ALL
  MATCH (s)-[r:TEMPLATES|STYLES|INJECTS|RENDERS_GRID]->(n)
  RETURN type(r) AS edge, n ORDER BY n.id LIMIT $perEdge
  UNION ALL
  MATCH (s)-[:RENDERS_GRID]->(:GridTable)-[:HAS_COLUMN]->(:ColumnDef)-[:USES_RENDERER]->(n) WHERE n.path IS NOT NULL
  RETURN 'USES_RENDERER' AS edge, n ORDER BY n.id LIMIT $perEdge
  UNION ALL
  // back from a template file to the component that owns it: UI tickets name what the template shows
  MATCH (n:Component)-[:TEMPLATES]->(s) WHERE s:File
  RETURN 'TEMPLATED_BY' AS edge, n ORDER BY n.id LIMIT $perEdge
  UNION ALL
  // a grid column leads to the component rendering its grid (and from there to the row DTO it imports)
  MATCH (n:Component)-[:RENDERS_GRID]->(:GridTable)-[:HAS_COLUMN]->(s) WHERE s:ColumnDef
  RETURN 'COLUMN_OF' AS edge, n ORDER BY n.id LIMIT $perEdge
  UNION ALL
  MATCH (s)-[:TRIGGERS_NAV]->(:NavTrigger)-[:TARGETS]->(n:Route)
  RETURN 'TARGETS' AS edge, n ORDER BY n.id LIMIT $perEdge
  UNION ALL
  MATCH (s)-[:HAS_USAGE]->(:Usage)-[:USES_SELECTOR]->(n)
  RETURN 'USES_SELECTOR' AS edge, n ORDER BY n.id LIMIT $perEdge
  UNION ALL
  MATCH (s)-[:HAS_MEMBER]->(:Symbol)-[:CALLS_ENDPOINT]->(n:Endpoint)
  RETURN 'CALLS_ENDPOINT' AS edge, n ORDER BY n.id LIMIT $perEdge
  UNION ALL
  MATCH (c:Component)-[:INJECTS]->(s) WHERE s:Service
  RETURN 'INJECTED_BY' AS edge, c AS n ORDER BY n.id LIMIT $perEdge
  UNION ALL
  MATCH (m:NgModule)-[:DECLARES]->(s)
  RETURN 'DECLARED_BY' AS edge, m AS n ORDER BY n.id LIMIT $perEdge
  UNION ALL
  MATCH (t:Test)-[:COVERS]->(s)
  RETURN 'COVERED_BY' AS edge, t AS n ORDER BY n.id LIMIT $perEdge
  UNION ALL
  MATCH (:File {repoId: $repoId, path: s.path})-[i:IMPORTS]->(:File)-[:DEFINES]->(n:Symbol)
  WHERE n.kind IN ['interface', 'type', 'enum'] AND n.name IN coalesce(i.specifiers, []) AND NOT s:File
  RETURN 'IMPORTS_DEFINITION' AS edge, n ORDER BY n.id LIMIT $perEdge
  UNION ALL
  MATCH (s)-[:DEFINES]->(n) WHERE s:File AND (n:Component OR n:Service OR n:NgModule OR n:Route)
  RETURN 'DEFINES' AS edge, n ORDER BY n.id LIMIT $perEdge
  UNION ALL
  // through the (repoId, ownerFile) index of Fact: a ConfigFlag label scan reads every repository's flags per seed
  MATCH (n:Fact {repoId: $repoId, ownerFile: s.path}) WHERE n:ConfigFlag
  RETURN 'CONFIG_FLAG' AS edge, n ORDER BY n.id LIMIT $perEdge
}
WITH seedId, labels(s) AS seedLabels, edge, n
WHERE n.repoId = $repoId
RETURN seedId, seedLabels, edge, n{.id, labels: labels(n), name: coalesce(n.name, n.tag, n.fullPath, n.path), path: CASE WHEN n:Endpoint THEN n.ownerFile ELSE coalesce(n.path, n.ownerFile) END,
  line: n.startLine, symbolKind: CASE WHEN n:Symbol THEN n.kind END, .snapshotId, .framework} AS node
ORDER BY seedId, edge, node.id
