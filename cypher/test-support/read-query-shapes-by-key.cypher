// test-support/read-query-shapes-by-key.cypher — the recorded query shapes with the given keys (tests of src/graph/query-shapes.ts)
// params: keys: list<string>   returns: key: string, name: string, params: string
MATCH (q:QueryShape) WHERE q.key IN $keys
RETURN q.key AS key, q.name AS name, q.params AS params
ORDER BY key
