import { int, type GraphReader, type RunOptions } from '../../graph/index.js';
import { readGraphPolicies, readMigrationRules, readPlanRuleMemories } from '../plan.queries.js';
import type { EnforcementBundle, GraphPolicyRule, MemoryRuleRecord, MigrationRuleFact, MigrationStatus } from './bundle.js';

const BUNDLE_LIMIT = 1_000;
// A rule scoped to anchors that no longer resolve must not silently apply everywhere.
const UNRESOLVED_SCOPE = ['(unresolved-anchor)'];

function parseJson(text: string | null): unknown {
  if (text === null || text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { malformed: true };
  }
}

function scopeOf(resolved: readonly string[], declared: readonly string[]): string[] {
  if (resolved.length > 0) return [...resolved].sort();
  return declared.length > 0 ? UNRESOLVED_SCOPE : [];
}

/**
 * The plan-rule form of a seed policy: an explicit `planRuleJson`, or a known declarative `check`.
 * Checks with a dedicated validator (federation, shadow DOM, …) and soft prose have none (`null`).
 */
export function policyPlanRule(row: { check: string | null; paramsJson: string | null; rejectionCode: string | null; planRuleJson: string | null }): unknown {
  if (row.planRuleJson) return parseJson(row.planRuleJson);
  const params = (parseJson(row.paramsJson) ?? {}) as Record<string, unknown>;
  if (row.check === 'no_new_tag_prefix' && typeof params.prefix === 'string') {
    return { condition: { nodeKind: 'change', introducesTagPrefix: params.prefix }, requiredSteps: [], denyCode: row.rejectionCode ?? 'PLAN_POLICY_VIOLATION' };
  }
  return null;
}

const MIGRATION_STATUSES: ReadonlySet<string> = new Set<MigrationStatus>(['approved', 'candidate', 'unknown', 'no_analog']);

/**
 * Reads the enforcement bundle of a repository from the graph (001 §14): plan_rule memories,
 * current Policy records in plan-rule shape (ephemeral, never stored as memories) and MigrationRules.
 * Component contracts are asked per validation through PlanFacts.
 */
export async function loadEnforcementBundle(graph: GraphReader, repoId: string, run?: RunOptions): Promise<EnforcementBundle> {
  const limit = int(BUNDLE_LIMIT);
  const [memories, policies, migrations] = await Promise.all([
    graph.read(readPlanRuleMemories, { repoId, limit }, run),
    graph.read(readGraphPolicies, { repoId, limit }, run),
    graph.read(readMigrationRules, { repoId, limit }, run),
  ]);
  const activeMemories: MemoryRuleRecord[] = memories.map((m) => ({
    id: m.id, enforcementType: 'plan_rule', state: m.state as MemoryRuleRecord['state'], domainAnchorIds: scopeOf(m.anchorIds, m.declaredAnchors),
    planRule: parseJson(m.planRuleJson), expiresAt: m.expiresAt, ...(m.note ? { note: m.note } : {}),
  }));
  const graphPolicyRules: GraphPolicyRule[] = policies.map((p) => ({
    id: p.id, ...(p.version ? { version: p.version } : {}), kind: p.severity === 'hard' ? 'hard' : 'soft',
    derivedFrom: p.derivedFrom === 'prose' ? 'prose' : 'curated', statement: p.statement ?? p.id,
    domainAnchorIds: scopeOf(p.anchorIds, p.declaredAnchors), groundedAnchorIds: [...new Set(p.groundedAnchorIds)].sort(), rule: policyPlanRule(p),
    ...(p.fromMemory ? { fromMemory: p.fromMemory } : {}),
  }));
  const migrationRules: MigrationRuleFact[] = migrations.flatMap((r) => {
    if (!MIGRATION_STATUSES.has(r.status)) return [];
    const mappings = parseJson(r.propMappingsJson);
    const propMappings = mappings && typeof mappings === 'object' && !Array.isArray(mappings)
      ? Object.fromEntries(Object.entries(mappings as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'))
      : {};
    return [{ id: r.id, fromTag: r.fromTag, toTag: r.toTag, status: r.status as MigrationStatus, propMappings, fallbackPolicyId: r.fallbackPolicyId }];
  });
  return { activeMemories, graphPolicyRules, migrationRules };
}
