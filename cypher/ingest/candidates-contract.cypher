// ingest/candidates-contract.cypher — contract components (components.d.ts) with one of the given tags
// params: repoId: string, tags: list<string>   returns: id: string, tag: string
MATCH (c:ContractComponent)
WHERE c.repoId = $repoId AND toLower(c.tag) IN $tags
RETURN c.id AS id, toLower(c.tag) AS tag
