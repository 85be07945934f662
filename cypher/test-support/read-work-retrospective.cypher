// test-support/read-work-retrospective.cypher — the retrospective stored with a work
// params: workId: string, repoId: string   returns: json: string|null
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
RETURN w.retrospectiveJson AS json
