// test-support/ingest-federation-chain.cypher — host route → remote expose → exposed file chains of a test namespace, with the remote mapping that exposes it
// params: repoId: string   returns: hostRoute: string, expose: string, file: string, remote: string
MATCH (r:Route {repoId: $repoId})-[:LOADS_REMOTE]->(x:RemoteExpose)-[:EXPOSES]->(f:File)
MATCH (m:FederationRemote)-[:EXPOSES]->(x)
RETURN r.fullPath AS hostRoute, x.key AS expose, f.path AS file, m.name AS remote
