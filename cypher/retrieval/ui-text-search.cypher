// retrieval/ui-text-search.cypher — ui-text lane: translation values and template text that match the prompt → the files that show them (templates and classes using the key, the template itself, the component of a template, the resource file)
// params: repoId: string, search: {query: string (repo-scoped Lucene, `+ftRepo:<key> +(…)`)} (one map: a map's contents do not key the plan, so every prompt shares one), hits: Integer, perHit: Integer   returns: hitId, labels, key, locale, text, score, fileId, path, bytes, via ('uses'|'text'|'defines'), line, owners: list<{id, path}>
CALL db.index.fulltext.queryNodes('ft_ui_text', $search.query, {limit: $hits}) YIELD node, score
WITH node, score WHERE node.repoId = $repoId
CALL (node) {
  MATCH (f:File {repoId: $repoId, path: node.path}) WHERE node:UiText
  RETURN f, 'text' AS via, node.startLine AS line
  UNION
  MATCH (f:File)-[u:USES_KEY]->(node)
  RETURN f, 'uses' AS via, u.lines[0] AS line
  UNION
  MATCH (f:File {repoId: $repoId, path: node.path}) WHERE node:TranslationKey
  RETURN f, 'defines' AS via, node.startLine AS line
}
WITH node, score, f, via, line
ORDER BY score DESC, node.id, via, f.path
WITH node, score, collect({f: f, via: via, line: line})[..$perHit] AS reached
UNWIND reached AS r
WITH node, score, r.f AS f, r.via AS via, r.line AS line
// the component class of an external template (its .ts file), for template files reached by what they show
CALL (f, via) {
  OPTIONAL MATCH (c:Component)-[:TEMPLATES]->(f) WHERE via <> 'defines'
  OPTIONAL MATCH (cf:File {repoId: $repoId, path: c.path})
  RETURN [o IN collect(DISTINCT {id: cf.id, path: cf.path}) WHERE o.id IS NOT NULL][..3] AS owners
}
RETURN node.id AS hitId, labels(node) AS labels, node.key AS key, node.locale AS locale, node.text AS text, score,
  f.id AS fileId, f.path AS path, f.size AS bytes, via, line, owners
ORDER BY score DESC, hitId, via, path
