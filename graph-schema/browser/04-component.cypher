// graphgate 04 — one component ($component = its class name) and its neighbourhood: template, styles, injected services, grids, usages, routes to it
MATCH (c:Component {repoId: $repoId, name: $component})
OPTIONAL MATCH p = (c)-[:TEMPLATES|STYLES|INJECTS|RENDERS_GRID|HAS_USAGE]->()
OPTIONAL MATCH q = (:Route)-[:ROUTES_TO]->(c)
OPTIONAL MATCH d = (:File)-[:DEFINES]->(c)
RETURN c, p, q, d
LIMIT 200
