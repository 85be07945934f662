// dashboard/list-pending-policies.cypher — a repository's current policy-plane rows that wait for a person: migration rules whose mapping is a candidate or unknown (reviewed by editing the seed file they came from)
// params: repoId: string, limit: Integer   returns: policy: map {id, type, status, fromTag, toTag, notes, sourceFile, version}
MATCH (r:MigrationRule)
WHERE r.repoId = $repoId AND r.current = true AND r.status IN ['candidate', 'unknown']
WITH r ORDER BY r.recordId LIMIT $limit
RETURN r {id: r.recordId, type: 'migration_rule', .status, fromTag: r.sourceTag, toTag: r.targetTag, .notes, .sourceFile, .version} AS policy
