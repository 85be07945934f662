// plan/read-tag-usages.cypher — adp-* and sdf-* template usages in the given files, with their line ranges and the file's domain anchor
// A path the work changed (in $overlay.paths) is read from the work's overlay ($overlay.repoId), every other from the base; an
// overlay anchor id is given in the base's namespace (anchor ids are `<repoId>:anchor:<folder>`), as policies and memories know it.
// params: repoId: string, overlay: {repoId: string|null, paths: list<string>}, files: {paths: list<string>} (maps: what they hold does not key the plan, so every plan size shares one), limit: Integer   returns: file, tag, family, lineStart, lineEnd, domainAnchorId: string|null
UNWIND $files.paths AS path
WITH path, CASE WHEN path IN $overlay.paths THEN $overlay.repoId ELSE $repoId END AS ns
MATCH (f:File {repoId: ns, path: path})-[:HAS_USAGE]->(u:Usage)
WHERE u.family IN ['adp', 'sdf']
OPTIONAL MATCH (f)-[:IN_ANCHOR]->(a:DomainAnchor)
RETURN DISTINCT path AS file, u.tag AS tag, u.family AS family, u.startLine AS lineStart, u.endLine AS lineEnd,
  CASE WHEN ns = $repoId THEN a.id ELSE $repoId + substring(a.id, size(ns)) END AS domainAnchorId
ORDER BY file, lineStart, tag
LIMIT $limit
