// graphgate 03 — the route tree of $repoId as a graph (routes, their components, lazy and remote loads)
MATCH p = (r:Route {repoId: $repoId})-[:ROUTES_TO|LOADS_CHILDREN|LOADS_REMOTE|CHILD_OF|GUARDED_BY]->()
RETURN p
LIMIT 300
