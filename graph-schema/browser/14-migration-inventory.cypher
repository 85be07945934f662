// graphgate 14 — the adp → sdf migration inventory of $repoId: every adp-* usage with its template, line and owning component
MATCH (u:Usage {repoId: $repoId, family: 'adp'})
OPTIONAL MATCH (owner)-[:HAS_USAGE]->(u)
RETURN u.tag AS tag, u.path + ':' + toInteger(u.startLine) AS at, [o IN collect(DISTINCT owner) | coalesce(o.name, o.path)] AS owners
ORDER BY tag, at
