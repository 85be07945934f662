// graphgate 02 — routes of $repoId: full path, what it routes to or loads, guards, file:line
MATCH (r:Route {repoId: $repoId})
OPTIONAL MATCH (r)-[:ROUTES_TO]->(c:Component)
OPTIONAL MATCH (r)-[:LOADS_CHILDREN|LOADS_REMOTE]->(lazy)
RETURN r.fullPath AS route, c.name AS component, coalesce(lazy.name, lazy.key) AS loads,
  [(r)-[:GUARDED_BY]->(g) | g.name] AS guards, r.ownerFile + ':' + toInteger(r.startLine) AS at
ORDER BY route, at
