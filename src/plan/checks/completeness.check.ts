import type { z } from 'zod';
import { NODE_SCHEMAS } from '../schema/nodes.schema.js';
import { MAX_PLAN_NODES, planGraph, type PlanGraph } from '../schema/plan-graph.schema.js';
import { jsonPath, violation, type PlanViolation, type RejectionCode } from '../violation.js';

/** Most schema violations reported for one submission (the rest are summarised). */
export const MAX_SCHEMA_VIOLATIONS = 100;

type Segment = string | number;

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

// Walks zod definitions along a path to find the field's description (used as the fix hint).
function schemaAt(root: z.ZodType, raw: unknown, path: readonly Segment[]): z.ZodType | undefined {
  let schema: z.ZodType | undefined = root;
  for (let i = 0; i < path.length && schema; i += 1) {
    const key = path[i] as Segment;
    const def: Record<string, unknown> = (schema as unknown as { def: Record<string, unknown> }).def;
    if (def.type === 'optional' || def.type === 'nullable') {
      schema = def.innerType as z.ZodType;
      i -= 1;
    } else if (def.type === 'object') {
      schema = (def.shape as Record<string, z.ZodType>)[String(key)];
    } else if (def.type === 'array') {
      schema = def.element as z.ZodType;
      if (path[0] === 'nodes' && i === 1) {
        const kind = valueAt(raw, ['nodes', key, 'kind']);
        schema = typeof kind === 'string' && Object.hasOwn(NODE_SCHEMAS, kind) ? NODE_SCHEMAS[kind as keyof typeof NODE_SCHEMAS] : undefined;
      }
    } else if (def.type === 'record') {
      schema = def.valueType as z.ZodType;
    } else {
      return undefined;
    }
  }
  return schema;
}

function fieldName(path: readonly Segment[]): string {
  const last = [...path].reverse().find((p) => typeof p === 'string');
  return last === undefined ? 'plan' : String(last);
}

// A side effect without its commit gate is the ungated-side-effect rejection, not a generic gap.
function codeFor(raw: unknown, path: readonly Segment[]): RejectionCode {
  if (path.length === 3 && path[0] === 'nodes' && path[2] === 'commitGateId' && valueAt(raw, ['nodes', path[1] as number, 'kind']) === 'side_effect') {
    return 'EXEC_UNGATED_SIDE_EFFECT';
  }
  return 'PLAN_MISSING_REQUIRED_FIELDS';
}

function nodeIdAt(raw: unknown, path: readonly Segment[]): string | undefined {
  if (path[0] !== 'nodes' || typeof path[1] !== 'number') return undefined;
  const id = valueAt(raw, ['nodes', path[1], 'nodeId']);
  return typeof id === 'string' && id.length <= 128 ? id : undefined;
}

function toViolation(raw: unknown, issue: z.core.$ZodIssue): PlanViolation {
  const path = issue.path.filter((p): p is Segment => typeof p === 'string' || typeof p === 'number');
  const field = fieldName(path);
  const described = schemaAt(planGraph, raw, path)?.description;
  const about = described ? ` (${described})` : '';
  const where = jsonPath(path);
  const code = codeFor(raw, path);
  const nodeId = nodeIdAt(raw, path);
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.slice(0, 10).map((k) => `\`${k.slice(0, 64)}\``).join(', ');
    return violation(code, where, `Unknown field(s) ${keys}: the PlanGraph schema is strict.`, 'Remove the unknown fields; only the fields of the returned planGraphSchema are accepted.', nodeId);
  }
  if (issue.code === 'invalid_union' && path[path.length - 1] === 'kind') {
    return violation(code, where, 'Unknown node kind.', 'Set `kind` to one of change, validate, escalate, side_effect.', nodeId);
  }
  if (issue.code === 'invalid_type' && valueAt(raw, path) === undefined) {
    return violation(code, where, `Required field \`${field}\` is missing.`, `Add \`${field}\`${about}.`, nodeId);
  }
  return violation(code, where, `Field \`${field}\` is invalid: ${issue.message}.`, `Correct \`${field}\`${about}.`, nodeId);
}

/**
 * Envelope and per-kind completeness: parses the untrusted submission with the strict PlanGraph
 * schema. Every schema issue is PLAN_MISSING_REQUIRED_FIELDS (missing, mistyped, oversized or unknown
 * fields alike), except a side_effect without `commitGateId`, which is EXEC_UNGATED_SIDE_EFFECT.
 */
export function checkCompleteness(raw: unknown): { plan: PlanGraph | null; violations: PlanViolation[] } {
  const nodes = valueAt(raw, ['nodes']);
  if (Array.isArray(nodes) && nodes.length > MAX_PLAN_NODES) {
    return {
      plan: null,
      violations: [violation('PLAN_MISSING_REQUIRED_FIELDS', '$.nodes', `The plan has ${nodes.length} nodes; at most ${MAX_PLAN_NODES} are accepted.`, 'Split the work into several plans or merge trivial nodes.')],
    };
  }
  const parsed = planGraph.safeParse(raw);
  if (parsed.success) return { plan: parsed.data, violations: [] };
  const issues = parsed.error.issues;
  const violations = issues.slice(0, MAX_SCHEMA_VIOLATIONS).map((issue) => toViolation(raw, issue));
  if (issues.length > MAX_SCHEMA_VIOLATIONS) {
    violations.push(violation('PLAN_MISSING_REQUIRED_FIELDS', '$', `${issues.length - MAX_SCHEMA_VIOLATIONS} further schema issues are not listed.`, 'Fix the listed issues and resubmit.'));
  }
  return { plan: null, violations };
}
