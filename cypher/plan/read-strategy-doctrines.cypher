// plan/read-strategy-doctrines.cypher — current, non-retired Strategy records of a repository with their plan doctrine (null when the record carries none)
// params: repoId: string, limit: Integer   returns: recordId: string, name: string, version: Integer, source: string|null, sourceFile: string|null, planDoctrineJson: string|null
MATCH (s:Strategy)
WHERE s.repoId = $repoId AND s.current = true AND coalesce(s.status, 'active') <> 'retired'
RETURN s.recordId AS recordId, s.name AS name, s.version AS version, s.source AS source, s.sourceFile AS sourceFile, s.planDoctrineJson AS planDoctrineJson
ORDER BY name, recordId
LIMIT $limit
