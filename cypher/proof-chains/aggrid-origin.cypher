// proof-chains/aggrid-origin.cypher — ag-Grid origin chains (table → column → renderer → nav trigger → route → component → service → definition), one row per branch; a hop that does not exist is null, never dropped
// params: repoId: string, start: {tableId: string|null, componentId: string|null, routeId: string|null} (one map: its nulls and string lengths do not key the plan, so every start shares one), limit: Integer   returns: selectedBy, table, host, column, renderer, nav, target, routeCandidates, component, service, definitions
MATCH (g:GridTable {repoId: $repoId})
OPTIONAL MATCH (host:Component)-[:RENDERS_GRID]->(g)
WITH g, host,
  CASE
    WHEN $start.tableId IS NULL AND $start.componentId IS NULL AND $start.routeId IS NULL THEN 'all'
    WHEN g.id = $start.tableId THEN 'table'
    WHEN host.id = $start.componentId OR EXISTS { MATCH (:Fact {id: $start.routeId})-[:ROUTES_TO]->(host) } THEN 'host'
    WHEN EXISTS {
      MATCH (g)-[:HAS_COLUMN]->(:ColumnDef)-[:USES_RENDERER]->()-[:TEMPLATES|HAS_USAGE*0..2]->()-[:TRIGGERS_NAV]->(:NavTrigger)-[:TARGETS]->(rt:Route)
      WHERE rt.id = $start.routeId OR EXISTS { MATCH (rt)-[:ROUTES_TO]->(dc:Component) WHERE dc.id = $start.componentId }
    } THEN 'destination'
  END AS selectedBy
WHERE selectedBy IS NOT NULL
MATCH (g)-[hc:HAS_COLUMN]->(c:ColumnDef)
OPTIONAL MATCH (c)-[ur:USES_RENDERER]->(r)
WITH * WHERE r IS NOT NULL OR c.unresolvedReason IS NOT NULL
// a renderer navigates from its class code, its inline template's usages, or its templateUrl file's usages
OPTIONAL MATCH (r)-[:TEMPLATES|HAS_USAGE*0..2]->()-[:TRIGGERS_NAV]->(n:NavTrigger)
OPTIONAL MATCH (n)-[t:TARGETS]->(rt:Route)
OPTIONAL MATCH (rt)-[:ROUTES_TO]->(dest:Component)
OPTIONAL MATCH (dest)-[:INJECTS]->(svc:Symbol)
WHERE NOT svc:Component
WITH *, [x IN [svc, dest] WHERE x IS NOT NULL] AS consumers
WITH *,
  CASE WHEN n IS NOT NULL AND rt IS NULL AND n.candidatePath IS NOT NULL THEN COLLECT {
    MATCH (cr:Route {repoId: $repoId})
    WHERE [s IN split(cr.fullPath, '/') | CASE WHEN s STARTS WITH ':' THEN ':' ELSE s END]
        = [s IN split(n.candidatePath, '/') | CASE WHEN s STARTS WITH ':' THEN ':' ELSE s END]
    RETURN cr{.id, name: cr.fullPath, path: cr.ownerFile, line: cr.startLine, endLine: cr.endLine, labels: labels(cr)} AS candidate
    ORDER BY candidate.id
  } ELSE [] END AS routeCandidates,
  // definitions: types the service (or the component) imports or declares, with how often its member signatures name them
  COLLECT {
    UNWIND consumers AS consumer
    MATCH (:File {repoId: $repoId, path: consumer.path})-[imps:IMPORTS*0..1]->(:File)-[:DEFINES]->(d:Symbol)
    WHERE (size(imps) = 0 OR d.name IN imps[0].specifiers)
      AND d.kind IN ['interface', 'type', 'class', 'enum']
      AND NOT (d:Component OR d:Service OR d:NgModule OR d:Directive OR d:Pipe OR d:CellRenderer)
      AND d.id <> consumer.id
    RETURN d{.id, .name, .kind, path: d.path, line: d.startLine, endLine: d.endLine, labels: labels(d),
      consumer: consumer.id, imported: size(imps) = 1,
      mentions: COUNT { MATCH (consumer)-[:HAS_MEMBER]->(m) WHERE m.signature =~ ('(?s).*(?<![A-Za-z0-9_$])\\Q' + d.name + '\\E(?![A-Za-z0-9_$]).*') }} AS definition
    ORDER BY definition.id
  } AS definitions
RETURN selectedBy,
  g{.id, .name, path: g.path, line: g.startLine, endLine: g.endLine, labels: labels(g)} AS table,
  host{.id, .name, path: host.path, line: host.startLine, endLine: host.endLine, labels: labels(host)} AS host,
  c{.id, .field, .colId, .headerName, .unresolvedReason, .expression, index: hc.index, path: c.path, line: c.startLine, endLine: c.endLine, labels: labels(c)} AS column,
  r{.id, .name, .kind, .unresolvedReason, .expression, via: ur.via, registryKey: ur.registryKey, path: r.path, line: r.startLine, endLine: r.endLine, labels: labels(r)} AS renderer,
  n{.id, .kind, .expression, .targetPath, .candidatePath, .unresolvedReason, .member, .resolved, path: n.path, line: n.startLine, endLine: n.endLine, labels: labels(n)} AS nav,
  rt{.id, name: rt.fullPath, ambiguous: t.ambiguous, path: rt.ownerFile, line: rt.startLine, endLine: rt.endLine, labels: labels(rt),
    redirectTo: rt.redirectTo, loadsChildren: EXISTS { (rt)-[:LOADS_CHILDREN|LOADS_REMOTE]->() }} AS target,
  routeCandidates,
  dest{.id, .name, path: dest.path, line: dest.startLine, endLine: dest.endLine, labels: labels(dest)} AS component,
  svc{.id, .name, path: svc.path, line: svc.startLine, endLine: svc.endLine, labels: labels(svc)} AS service,
  definitions
ORDER BY table.id, column.index, renderer.id, nav.id, target.id, component.id, service.id
LIMIT $limit
