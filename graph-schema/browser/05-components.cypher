// graphgate 05 — components of $repoId: selector, file:line, routes that reach them, services they inject
MATCH (c:Component {repoId: $repoId})
RETURN c.name AS component, c.selector AS selector, c.path + ':' + toInteger(c.startLine) AS at,
  [(r:Route)-[:ROUTES_TO]->(c) | r.fullPath] AS routes,
  [(c)-[:INJECTS]->(s) | s.name] AS injects
ORDER BY component
