// plan/read-migration-rules.cypher — current MigrationRule records of a repository (adp-* → sdf-* mappings and their status)
// params: repoId: string, limit: Integer   returns: id, fromTag, toTag: string|null, status, propMappingsJson: string|null, fallbackPolicyId: string|null
MATCH (r:MigrationRule)
WHERE r.repoId = $repoId AND r.current = true
RETURN r.recordId AS id, r.sourceTag AS fromTag, r.targetTag AS toTag, r.status AS status, r.propMappingsJson AS propMappingsJson,
       r.fallbackPolicyId AS fallbackPolicyId
ORDER BY id
LIMIT $limit
