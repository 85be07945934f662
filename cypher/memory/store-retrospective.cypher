// memory/store-retrospective.cypher — keeps a work's retrospective with the Work (the one signal_task_complete returned last)
// params: workId: string, repoId: string, json: string   returns: id
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
SET w.retrospectiveJson = $json, w.retrospectiveAt = datetime()
RETURN w.id AS id
