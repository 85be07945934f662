// pack/select-files-by-lexemes.cypher — placeholder pack selection: files whose path or defined symbol names contain a lexeme
// params: repoId: string, lexemes: list<string> (lower-case), limit: Integer   returns: path, pathHits, symbolHits
MATCH (f:File {repoId: $repoId})
WITH f, size([l IN $lexemes WHERE toLower(f.path) CONTAINS l]) AS pathHits
OPTIONAL MATCH (f)-[:DEFINES]->(s:Symbol)
WHERE any(l IN $lexemes WHERE toLower(s.name) CONTAINS l)
WITH f.path AS path, pathHits, count(s) AS symbolHits
WHERE pathHits + symbolHits > 0
RETURN DISTINCT path, pathHits, symbolHits
ORDER BY pathHits DESC, symbolHits DESC, path
LIMIT $limit
