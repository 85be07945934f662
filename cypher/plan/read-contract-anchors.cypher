// plan/read-contract-anchors.cypher — API contract anchors a pack holds: endpoints its files call or its spec files declare, and those spec files
// params: repoId: string, packId: string, limit: Integer   returns: endpoints: list<{method, path, schemas}>, specs: list<{path, schemas}>
MATCH (p:ContextPack {id: $packId})-[:INCLUDES]->(f:File)
WHERE p.repoId = $repoId
CALL (f) {
  MATCH (:Fact {repoId: $repoId, ownerFile: f.path})-[:CALLS_ENDPOINT]->(e:Endpoint)
  RETURN e, null AS spec
  UNION
  MATCH (spec:Fact:ApiSpec {repoId: $repoId, ownerFile: f.path})
  OPTIONAL MATCH (spec)-[:HAS_ENDPOINT]->(e:Endpoint)
  RETURN e, spec
}
WITH collect(DISTINCT e) AS endpoints, collect(DISTINCT spec) AS specs
RETURN [e IN endpoints | {method: e.method, path: coalesce(e.fullPath, e.path), schemas: coalesce(e.schemas, [])}][0..$limit] AS endpoints,
       [s IN specs | {path: s.path, schemas: coalesce(s.schemas, [])}][0..$limit] AS specs
