// plan/read-tag-usages.cypher — adp-* and sdf-* template usages in the given files, with their line ranges and the file's domain anchor
// params: repoId: string, paths: list<string>, limit: Integer   returns: file, tag, family, lineStart, lineEnd, domainAnchorId: string|null
UNWIND $paths AS path
MATCH (f:File {repoId: $repoId, path: path})-[:HAS_USAGE]->(u:Usage)
WHERE u.family IN ['adp', 'sdf']
OPTIONAL MATCH (f)-[:IN_ANCHOR]->(a:DomainAnchor)
RETURN DISTINCT path AS file, u.tag AS tag, u.family AS family, u.startLine AS lineStart, u.endLine AS lineEnd, a.id AS domainAnchorId
ORDER BY file, lineStart, tag
LIMIT $limit
