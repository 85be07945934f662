// session/create-work.cypher — creates a work session (the permission key for .ai/tmp/work/{workId}/)
// params: workId, repoId, state, runSessionId, prompt: {original: string|null} (a map: the prompt's length does not key the plan), agentId, maxTokens: Integer, thresholdTokens: Integer   returns: work
CREATE (w:Work {
  id: $workId, repoId: $repoId, state: $state, version: 1, runSessionId: $runSessionId,
  originalPrompt: $prompt.original, usedTokens: 0, maxTokens: $maxTokens, thresholdTokens: $thresholdTokens,
  totalNodes: 0, completedNodes: 0, createdBy: $agentId, createdAt: datetime(), updatedAt: datetime()
})
RETURN w {.id, .state, .version, .runSessionId, .originalPrompt, .usedTokens, .maxTokens, .thresholdTokens, .totalNodes, .completedNodes} AS work
