// test-support/read-repo-root.cypher — the root recorded on a repository's Repo node (tests: a workspace re-ingest keeps the main checkout's root)
// params: repoId: string   returns: root: string|null
MATCH (r:Repo {id: $repoId + ':repo'})
RETURN r.root AS root
