// graphgate 11 — federation chains of $repoId as paths: Host Route → RemoteExpose (← Federation Mapping) → remote module file → what it defines
MATCH load = (r:Route {repoId: $repoId})-[:LOADS_REMOTE]->(x:RemoteExpose)-[:EXPOSES]->(f:File)
OPTIONAL MATCH mapping = (:FederationRemote)-[:EXPOSES]->(x)
OPTIONAL MATCH module = (f)-[:DEFINES]->(s:Symbol) WHERE s:NgModule OR s:Component
OPTIONAL MATCH landing = (f)-[:DEFINES]->(:Route)-[:ROUTES_TO]->(:Component)
RETURN load, mapping, module, landing
LIMIT 50
