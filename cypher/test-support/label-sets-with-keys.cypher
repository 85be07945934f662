// test-support/label-sets-with-keys.cypher — for a test namespace, each distinct label set with the union of the property keys its nodes carry
// params: repoId: string   returns: labels: string[], keys: string[], nodes: number
MATCH (n {repoId: $repoId})
WITH labels(n) AS labels, keys(n) AS nodeKeys
UNWIND nodeKeys AS key
RETURN labels, collect(DISTINCT key) AS keys, count(*) AS nodes
