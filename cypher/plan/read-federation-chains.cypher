// plan/read-federation-chains.cypher — federation proof chains touching a pack: host route → remote mapping → exposed module → exposed file
// params: repoId: string, packId: string, limit: Integer   returns: remote, key, complete: boolean, files: list<string>
MATCH (p:ContextPack {id: $packId})-[:INCLUDES]->(f:File)
WHERE p.repoId = $repoId
WITH collect(f.path) AS packPaths
MATCH (x:RemoteExpose)
WHERE x.repoId = $repoId
CALL (x) {
  OPTIONAL MATCH (r:Route)-[:LOADS_REMOTE]->(x)
  RETURN collect(DISTINCT r.path) AS routeFiles
}
CALL (x) {
  OPTIONAL MATCH (x)-[:EXPOSES]->(target:File)
  RETURN collect(DISTINCT target.path) AS targetFiles
}
CALL (x) {
  OPTIONAL MATCH (m:FederationRemote)-[:EXPOSES]->(x)
  RETURN collect(DISTINCT m.path) AS remoteFiles
}
WITH x, packPaths, routeFiles, targetFiles, remoteFiles, routeFiles + remoteFiles + [x.path] + targetFiles AS files
WHERE any(path IN files WHERE path IN packPaths)
RETURN x.remote AS remote, x.key AS key, size(routeFiles) > 0 AND size(targetFiles) > 0 AND size(remoteFiles) > 0 AS complete, files
ORDER BY remote, key
LIMIT $limit
