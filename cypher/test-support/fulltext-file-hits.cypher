// test-support/fulltext-file-hits.cypher — paths of a repo's File nodes the file-content full-text index finds for a term
// params: $repoId, $term   returns: path
CALL db.index.fulltext.queryNodes('ft_file_content', $term) YIELD node
WHERE node.repoId = $repoId
RETURN node.path AS path
ORDER BY path
