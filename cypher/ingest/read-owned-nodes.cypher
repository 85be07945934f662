// ingest/read-owned-nodes.cypher — the facts currently owned by some files, with the properties that decide reference resolution
// params: repoId: string, paths: list<string>   returns: id: string, ownerFile: string, labels: list<string>, keyProps: map
UNWIND $paths AS path
MATCH (n:Fact {repoId: $repoId, ownerFile: path})
RETURN n.id AS id, n.ownerFile AS ownerFile, labels(n) AS labels,
       n {.selector, .tag, .name, .path, .remote, .remoteName, .key, .scopedKey} AS keyProps
