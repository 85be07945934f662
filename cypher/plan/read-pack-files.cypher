// plan/read-pack-files.cypher — of the given paths, the files the pack includes, with the traits plan checks use (anchors, federated app, grid, API, extraction)
// params: repoId: string, packId: string, files: {paths: list<string>} (a map: its list's size does not key the plan, so every plan size shares one)   returns: path, domainAnchorIds: list<string>, federationAppId: string|null, gridTable, apiBound, extractionFailed: boolean
MATCH (p:ContextPack {id: $packId})
WHERE p.repoId = $repoId
CALL () {
  OPTIONAL MATCH (m:FederationRemote) WHERE m.repoId = $repoId AND m.host IS NOT NULL
  WITH m, last(split(m.path, '/')) AS name
  RETURN [r IN collect(DISTINCT {dir: CASE WHEN m.path = name THEN '' ELSE substring(m.path, 0, size(m.path) - size(name) - 1) END, app: m.host}) WHERE r.app IS NOT NULL] AS hostRoots
}
CALL () {
  OPTIONAL MATCH (x:RemoteExpose) WHERE x.repoId = $repoId AND x.remote IS NOT NULL
  WITH x, last(split(x.path, '/')) AS name
  RETURN [r IN collect(DISTINCT {dir: CASE WHEN x.path = name THEN '' ELSE substring(x.path, 0, size(x.path) - size(name) - 1) END, app: x.remote}) WHERE r.app IS NOT NULL] AS remoteRoots
}
CALL () {
  OPTIONAL MATCH (g:GridTable|ColumnDef|CellRenderer) WHERE g.repoId = $repoId
  RETURN collect(DISTINCT g.path) + collect(DISTINCT g.ownerFile) AS gridFiles
}
CALL () {
  OPTIONAL MATCH (e:Endpoint|ApiSpec) WHERE e.repoId = $repoId
  UNWIND coalesce(e.schemas, []) AS schema
  RETURN collect(DISTINCT schema) AS dtoNames
}
UNWIND $files.paths AS path
MATCH (p)-[:INCLUDES]->(f:File {repoId: $repoId, path: path})
WITH DISTINCT f, hostRoots + remoteRoots AS roots, gridFiles, dtoNames
CALL (f) {
  OPTIONAL MATCH (f)-[:IN_ANCHOR]->(a:DomainAnchor)
  OPTIONAL MATCH chain = (up:DomainAnchor)-[:CONTAINS*0..32]->(a)
  WITH up, length(chain) AS distance ORDER BY distance
  RETURN [id IN collect(up.id) WHERE id IS NOT NULL] AS domainAnchorIds
}
WITH f, domainAnchorIds, gridFiles, dtoNames, [r IN roots WHERE r.dir = '' OR f.path STARTS WITH r.dir + '/'] AS apps
RETURN f.path AS path,
       domainAnchorIds,
       reduce(best = null, r IN apps | CASE WHEN best IS NULL OR size(r.dir) > size(best.dir) THEN r ELSE best END).app AS federationAppId,
       f.path IN gridFiles AS gridTable,
       (EXISTS { MATCH (s:Fact {repoId: $repoId, ownerFile: f.path})-[:CALLS_ENDPOINT]->(:Endpoint) }
         OR EXISTS { MATCH (s:Fact:ApiSpec {repoId: $repoId, ownerFile: f.path}) }
         OR EXISTS { MATCH (f)-[:DEFINES]->(d:Symbol) WHERE d.name IN dtoNames }) AS apiBound,
       EXISTS { MATCH (e:ParseEvent {kind: 'parse_error'})-[:REPORTED_IN]->(f) } AS extractionFailed
ORDER BY path
