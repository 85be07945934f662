// memory/few-shot-source.cypher — for signatures (code + domain anchor) at the friction threshold: the newest resolved refusal of each whose refused plan nodes and accepted fix are both known (the before/after of a few-shot candidate)
// params: repoId: string, signatures: list<{code: string, anchorId: string}>   returns: code, anchorId, frictionId, before: list<string>, after: list<string>, message: string|null
UNWIND $signatures AS sig
CALL (sig) {
  MATCH (f:FrictionEvent {code: sig.code})
  WHERE f.repoId = $repoId AND sig.anchorId IN f.domainAnchorIds AND f.resolved = true
    AND size(coalesce(f.nodesJson, [])) > 0 AND size(coalesce(f.fixNodesJson, [])) > 0
  RETURN f ORDER BY f.resolvedAt DESC, f.id LIMIT 1
}
RETURN sig.code AS code, sig.anchorId AS anchorId, f.id AS frictionId, f.nodesJson AS before, f.fixNodesJson AS after, f.message AS message
