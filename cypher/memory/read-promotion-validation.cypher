// memory/read-promotion-validation.cypher — the first accepted plan validated with a memory in force: for a plan_rule, an accepted submit turn whose check of the rule was satisfied (Turn.memoryRules); for any other memory, an accepted plan made from a pack that carried it (ContextPack.memoryIds)
// params: repoId: string, memoryId: string (the short memoryId), enforcementType: string   returns: kind ('plan_rule_satisfied' | 'accepted_with_pack'), ref (turn or plan id), workId, at (ISO)
CALL () {
  MATCH (t:Turn) USING INDEX SEEK t:Turn(repoId, verb, at)
  WHERE t.repoId = $repoId AND t.verb = 'submit_execution_plan' AND t.at IS NOT NULL AND $enforcementType = 'plan_rule'
    AND t.outcome = 'ok' AND ('memory:' + $memoryId + ':satisfied') IN coalesce(t.memoryRules, [])
  RETURN 'plan_rule_satisfied' AS kind, t.id AS ref, t.workId AS workId, t.at AS at
  UNION ALL
  MATCH (p:ContextPack)
  WHERE p.repoId = $repoId AND $enforcementType <> 'plan_rule' AND $memoryId IN coalesce(p.memoryIds, [])
  MATCH (g:PlanGraph)
  WHERE g.repoId = $repoId AND g.workId = p.workId AND g.acceptedAt >= p.createdAt
    // The pack the plan was made from: no newer version of the work's pack came before the acceptance.
    AND NOT EXISTS { MATCH (q:ContextPack) WHERE q.repoId = $repoId AND q.workId = p.workId AND q.createdAt > p.createdAt AND q.createdAt <= g.acceptedAt }
  RETURN 'accepted_with_pack' AS kind, g.id AS ref, g.workId AS workId, g.acceptedAt AS at
}
RETURN kind, ref, workId, toString(at) AS at
ORDER BY at
LIMIT 1
