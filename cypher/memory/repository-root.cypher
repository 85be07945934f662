// memory/repository-root.cypher — where a repository's checkout is (its .ai/ folder holds the config and the memory changelog), for reviews outside the repository's own process (GraphQL)
// params: repoId: string   returns: root: string
MATCH (r:Repo {id: $repoId + ':repo'})
RETURN r.root AS root
