// test-support/delete-query-shapes.cypher — removes the query shapes a test recorded (they carry no repoId namespace)
// params: keys: list<string>   returns: nothing
MATCH (q:QueryShape) WHERE q.key IN $keys
DETACH DELETE q
