// ingest/seed-read-scoped.cypher — the policy-plane records of a repo that are scoped to anchor globs
// params: repoId: string   returns: id: string, appliesTo: list<string>
MATCH (n:PolicyRecord)
WHERE n.repoId = $repoId AND n.appliesTo IS NOT NULL
RETURN n.id AS id, n.appliesTo AS appliesTo
