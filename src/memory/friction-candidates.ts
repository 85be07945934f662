import { int, loadQuery, type GraphTx } from '../graph/index.js';
import { planRuleBody } from '../plan/enforcement/index.js';

const frictionCandidates = loadQuery<
  { repoId: string; threshold: ReturnType<typeof int>; signatures: Array<{ code: string; anchorId: string; planRuleJson: string; note: string }> },
  { id: string; created: boolean; works: number; events: number }
>('memory/friction-candidates.cypher');

/**
 * The scaffold a person reviews: a plan_rule scoped by its APPLIES_TO anchor (the enforcer applies a
 * memory's rule only to nodes in its anchors) that asks plans there for a validation answering the
 * code. Pending memories are never enforced; approval (and editing the steps) is a person's.
 */
export function scaffoldPlanRule(code: string): string {
  return JSON.stringify(planRuleBody.parse({
    condition: {},
    requiredSteps: [{ kind: 'validate', description: `a validation that answers ${code}, which refused earlier plans in this folder` }],
    denyCode: code,
  }));
}

/**
 * Friction → pending memory (seed 000, issue 13): inside the turn's commit, every (code, anchor)
 * signature of the turn's friction that distinct works have now hit `threshold` times creates one
 * pending plan_rule candidate, or strengthens it (hits, works) when it exists.
 */
export async function recordFrictionCandidates(
  tx: GraphTx, repoId: string, friction: ReadonlyArray<{ code: string; domainAnchorIds: readonly string[] }>, threshold: number,
): Promise<Array<{ id: string; created: boolean }>> {
  const seen = new Set<string>();
  const signatures: Array<{ code: string; anchorId: string; planRuleJson: string; note: string }> = [];
  for (const f of friction) {
    for (const anchorId of f.domainAnchorIds) {
      const key = `${f.code}\0${anchorId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      signatures.push({ code: f.code, anchorId, planRuleJson: scaffoldPlanRule(f.code), note: `scaffolded from repeated ${f.code} refusals; review the required steps before approving` });
    }
  }
  if (signatures.length === 0) return [];
  // One lock order for every transaction (the signature nodes are locked in this order): no deadlock between two turns.
  signatures.sort((x, y) => (x.code === y.code ? (x.anchorId < y.anchorId ? -1 : 1) : x.code < y.code ? -1 : 1));
  return tx.run(frictionCandidates, { repoId, threshold: int(threshold), signatures });
}
