// ingest/seed-read-records.cypher — every version of a repository's seeded policy-plane records (current or superseded), as stored, for `graphgate graph export`
// params: repoId: string, sources: list<string> ('repo', 'default')   returns: label: string, props: map (every property; createdAt null), sourceFile: string
MATCH (n:PolicyRecord)
WHERE n.repoId = $repoId AND n.source IN $sources AND n.sourceFile IS NOT NULL
RETURN [l IN labels(n) WHERE l <> 'PolicyRecord'][0] AS label, n {.*, createdAt: null} AS props, n.sourceFile AS sourceFile
