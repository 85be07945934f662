// proof-chains/federation-chain.cypher — federation chains (host route → federation mapping → remote expose → remote module → destination component) from every remote load, resolved or not; one row per candidate expose
// params: repoId: string, start: {routeId: string|null} (a map: a null or a string in it shares one plan), limit: Integer   returns: load, source, expose, mappings, moduleFile, moduleSymbols, routedComponents, declaredComponents
// every remote load's Ref has the key 'remote:*' (ingest/write/ref-keys.ts): seeking the (repoId, key) index keeps
// this O(remote loads); anchoring on relType let the planner scan every Fact of every repository (~20 s on a shared graph)
MATCH (ref:Ref {repoId: $repoId, key: 'remote:*'})
USING INDEX ref:Ref(repoId, key)
WHERE ref.relType = 'LOADS_REMOTE' AND ($start.routeId IS NULL OR ref.fromId = $start.routeId)
MATCH (src:Fact {id: ref.fromId})
OPTIONAL MATCH (src)-[lr:LOADS_REMOTE]->(x:RemoteExpose)
WHERE lr.refId = ref.id
OPTIONAL MATCH (x)-[:EXPOSES]->(f:File)
RETURN
  ref{.id, .status, .reason, .target, .propsJson, .candidates} AS load,
  src{.id, name: coalesce(src.fullPath, src.name, src.path), path: coalesce(src.ownerFile, src.path), line: src.startLine, endLine: src.endLine, labels: labels(src)} AS source,
  x{.id, .name, .key, .remote, .targetPath, .unresolvedReason, ambiguous: lr.ambiguous, path: x.path, line: x.startLine, endLine: x.endLine, labels: labels(x)} AS expose,
  COLLECT {
    MATCH (m:FederationRemote)-[:EXPOSES]->(x)
    RETURN m{.id, .name, .container, .host, .entry, .remoteEntry, path: m.path, line: m.startLine, endLine: m.endLine, labels: labels(m)} AS mapping
    ORDER BY mapping.id
  } AS mappings,
  f{.id, name: f.path, path: f.path, line: 1, labels: labels(f)} AS moduleFile,
  COLLECT {
    MATCH (f)-[:DEFINES]->(s:Symbol)
    WHERE s:NgModule OR s:Component
    RETURN s{.id, .name, path: s.path, line: s.startLine, endLine: s.endLine, labels: labels(s), exported: coalesce(s.exported, false)} AS symbol
    ORDER BY symbol.line, symbol.id
  } AS moduleSymbols,
  // routes the exposed module declares (in its own file or a routes file it imports), with the component each routes to
  COLLECT {
    MATCH (f)-[:IMPORTS*0..1]->(:File)-[:DEFINES]->(r:Route)-[:ROUTES_TO]->(dc:Component)
    RETURN {route: r{.id, name: r.fullPath, localPath: r.localPath, path: r.ownerFile, line: r.startLine, endLine: r.endLine, labels: labels(r)},
            component: dc{.id, .name, path: dc.path, line: dc.startLine, endLine: dc.endLine, labels: labels(dc)}} AS routed
    ORDER BY routed.route.path, routed.route.line, routed.component.id
  } AS routedComponents,
  COLLECT {
    MATCH (f)-[:DEFINES]->(:NgModule)-[:DECLARES]->(dc:Component)
    RETURN dc{.id, .name, path: dc.path, line: dc.startLine, endLine: dc.endLine, labels: labels(dc)} AS declared
    ORDER BY declared.id
  } AS declaredComponents
ORDER BY source.path, source.line, load.id, expose.id
LIMIT $limit
