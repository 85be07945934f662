import { z } from 'zod';

/** A declared return shape (a small JSON-Schema subset), bounded in depth by the schema below. */
export type ReturnShape =
  | { type: 'string' | 'number' | 'integer' | 'boolean' }
  | { type: 'array'; items: ReturnShape; allowEmpty?: boolean; maxItems?: number }
  | { type: 'object'; properties: Record<string, ReturnShape>; required?: string[] };

const propertyName = z.string().min(1).max(64).regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/);

function shapeSchema(depth: number): z.ZodType<ReturnShape> {
  const scalar = z.strictObject({ type: z.enum(['string', 'number', 'integer', 'boolean']).describe('a scalar') });
  if (depth === 0) return scalar;
  const inner = z.lazy(() => shapeSchema(depth - 1));
  return z.union([
    scalar,
    z.strictObject({
      type: z.literal('array'), items: inner.describe('shape of every item'),
      allowEmpty: z.boolean().optional().describe('true when an empty array is a real answer (default false)'),
      maxItems: z.number().int().min(1).max(10_000).optional().describe('most items accepted'),
    }),
    z.strictObject({
      type: z.literal('object'), properties: z.record(propertyName, inner).describe('declared properties (no others are accepted)'),
      required: z.array(propertyName).max(100).optional().describe('properties that must be present (default: all)'),
    }),
  ]) as z.ZodType<ReturnShape>;
}

/** The zod schema of a declared return shape (at most 5 levels deep). */
export const returnShapeSchema = shapeSchema(5);

/** Builds the strict zod validator of a declared shape. */
export function zodForShape(shape: ReturnShape): z.ZodType {
  switch (shape.type) {
    case 'string': return z.string().max(100_000);
    case 'number': return z.number().finite();
    case 'integer': return z.number().int();
    case 'boolean': return z.boolean();
    case 'array': {
      const arr = z.array(zodForShape(shape.items)).max(shape.maxItems ?? 10_000);
      return shape.allowEmpty ? arr : arr.min(1, 'an empty array where content was declared');
    }
    case 'object': {
      const required = new Set(shape.required ?? Object.keys(shape.properties));
      return z.strictObject(Object.fromEntries(Object.entries(shape.properties).map(([k, s]) => [k, required.has(k) ? zodForShape(s) : zodForShape(s).optional()])));
    }
  }
}

const PLACEHOLDER = /^\s*(todo|tbd|fixme|xxx|placeholder|lorem ipsum.*|n\/a|none|null|undefined|\.\.\.|…|-)?\s*$/i;

/** Paths of non-substantive values: null/undefined, `{}`, empty or placeholder strings ('TODO', '…'). */
export function placeholderPaths(value: unknown, path = '$'): string[] {
  if (value === null || value === undefined) return [path];
  if (typeof value === 'string') return PLACEHOLDER.test(value) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => placeholderPaths(v, `${path}[${i}]`));
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return [path];
    return entries.flatMap(([k, v]) => placeholderPaths(v, `${path}.${k}`));
  }
  return [];
}

/** Checks a sandbox result against its declared shape and rejects placeholders; returns the problems. */
export function checkSandboxReturn(value: unknown, shape: ReturnShape): string[] {
  const holes = placeholderPaths(value);
  if (holes.length > 0) return holes.slice(0, 10).map((p) => `${p}: a placeholder or empty value, not a substantive result`);
  const parsed = zodForShape(shape).safeParse(value);
  return parsed.success ? [] : parsed.error.issues.slice(0, 10).map((i) => `$${i.path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('')}: ${i.message}`);
}
