// retrieval/policy-records.cypher — policy lane: current, non-retired policy-plane records of a repository with their declared and resolved scopes (filtered to the anchors in play by the lane service)
// params: repoId: string, limit: Integer   returns: label, recordId, version, props: map, anchorPaths: list<string>
MATCH (n:PolicyRecord)
WHERE n.repoId = $repoId AND n.current = true AND coalesce(n.status, 'active') <> 'retired'
  AND (n:Policy OR n:Strategy OR n:Recipe OR n:ExampleRef OR n:MigrationRule OR n:ValidationProfile OR n:EscalationTrigger)
WITH n, [l IN labels(n) WHERE l <> 'PolicyRecord'][0] AS label
RETURN label, n.recordId AS recordId, n.version AS version,
  n{.severity, .rule, .check, .paramsJson, .rejectionCode, .name, .kind, .purpose, .file, .startLine, .endLine, .tag, .lastVerifiedSnapshot,
    .sourceTag, .targetTag, .status, .triggers, .checkpoints, .requiredChecks, .condition, .action, .description, .priority, .appliesTo, .fewShotJson, .strategySignalJson, .fromMemory} AS props,
  [(n)-[:APPLIES_TO]->(a:DomainAnchor) | a.path] AS anchorPaths
ORDER BY label, recordId
LIMIT $limit
