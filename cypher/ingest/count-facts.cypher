// ingest/count-facts.cypher — how many facts of each label a repo holds (the run summary's totals)
// params: repoId: string   returns: label: string, count: number
MATCH (n:Fact)
WHERE n.repoId = $repoId AND n.ownerFile IS NOT NULL
UNWIND labels(n) AS label
WITH label, count(*) AS count
WHERE label <> 'Fact'
RETURN label, count
ORDER BY label
