import { int, loadQuery, type GraphTx } from '../graph/index.js';
import { planRuleBody } from '../plan/enforcement/index.js';

const frictionCandidates = loadQuery<
  { repoId: string; threshold: ReturnType<typeof int>; signatures: Array<{ code: string; anchorId: string; planRuleJson: string; note: string }> },
  { id: string; created: boolean; works: number; events: number; code: string; anchorId: string }
>('memory/friction-candidates.cypher');
const fewShotSource = loadQuery<
  { repoId: string; signatures: Array<{ code: string; anchorId: string }> },
  { code: string; anchorId: string; frictionId: string; before: string[]; after: string[]; message: string | null }
>('memory/few-shot-source.cypher');
const mergeFewShot = loadQuery<
  { repoId: string; rows: Array<{ code: string; anchorId: string; fewShotJson: string; note: string; works: ReturnType<typeof int>; events: ReturnType<typeof int>; frictionId: string }> },
  { id: string; created: boolean }
>('memory/merge-few-shot-candidate.cypher');

/** The folder an anchor id names (`<repo>:anchor:src/app/orders` → `src/app/orders`). */
function anchorPath(anchorId: string): string {
  const at = anchorId.indexOf(':anchor:');
  return at >= 0 ? anchorId.slice(at + ':anchor:'.length) : anchorId;
}

function parseObject(json: string | undefined): Record<string, unknown> | null {
  try {
    const value = json ? (JSON.parse(json) as unknown) : null;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Only what the fix changed: the node's fields whose value differs between the refused node and its
 * accepted form (plus `nodeId` and `kind` to say which node), each side as compact JSON. A model reads
 * the difference, not two near-identical 2 KB nodes.
 */
export function nodeDifference(before: string | undefined, after: string | undefined): { before: string; after: string } | null {
  const b = parseObject(before);
  const a = parseObject(after);
  if (!b || !a) return null;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k])).sort();
  if (keys.length === 0) return null;
  const pick = (node: Record<string, unknown>) => JSON.stringify(Object.fromEntries([['nodeId', node.nodeId], ['kind', node.kind], ...keys.map((k) => [k, node[k] ?? null])]));
  return { before: pick(b), after: pick(a) };
}

/**
 * The few-shot a person reviews: the refused plan node (before) and the same node as the work's accepted
 * plan wrote it (after), reduced to the fields the fix changed, with the validator's message as why the
 * first was wrong. Null when the pair shows no difference.
 */
export function scaffoldFewShot(code: string, anchorId: string, source: { before: readonly string[]; after: readonly string[]; message: string | null }): string | null {
  const diff = nodeDifference(source.before[0], source.after[0]);
  if (!diff) return null;
  return JSON.stringify({
    instruction: `Plans in ${anchorPath(anchorId)} were refused with ${code}; write such a node the way the accepted fix (after) does.`,
    before: diff.before, after: diff.after, ...(source.message ? { whyWrong: source.message } : {}),
  });
}

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
 * pending plan_rule candidate, or strengthens it (hits, works) when it exists — and a few_shot
 * candidate once a refusal of it has an accepted fix.
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
  const rules = await tx.run(frictionCandidates, { repoId, threshold: int(threshold), signatures });
  return [...rules, ...(await recordFewShotCandidates(tx, repoId, rules))];
}

/**
 * Beside each plan_rule candidate, a pending few_shot candidate when one of its refusals was resolved by an
 * accepted fix (the before/after pair); none until such a fix exists. Same signature, same lock order.
 */
async function recordFewShotCandidates(tx: GraphTx, repoId: string, atThreshold: ReadonlyArray<{ code: string; anchorId: string; works: number; events: number }>): Promise<Array<{ id: string; created: boolean }>> {
  if (atThreshold.length === 0) return [];
  const sources = await tx.run(fewShotSource, { repoId, signatures: atThreshold.map((r) => ({ code: r.code, anchorId: r.anchorId })) });
  const rows = sources.flatMap((src) => {
    const rule = atThreshold.find((r) => r.code === src.code && r.anchorId === src.anchorId);
    const fewShotJson = src.frictionId ? scaffoldFewShot(src.code, src.anchorId, src) : null;
    if (!rule || !src.frictionId || !fewShotJson) return [];
    return [{
      code: src.code, anchorId: src.anchorId, fewShotJson, frictionId: src.frictionId,
      note: `scaffolded from a ${src.code} refusal and its accepted fix; check the example before approving`, works: int(rule.works), events: int(rule.events),
    }];
  });
  return rows.length === 0 ? [] : tx.run(mergeFewShot, { repoId, rows });
}
