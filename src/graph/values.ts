import neo4j from 'neo4j-driver';

/**
 * Converts driver values to plain JSON-friendly values at the boundary: Integers become numbers (or
 * strings when beyond 2^53), temporals become ISO strings, nodes/relationships their properties.
 */
export function toPlain(value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (neo4j.isInt(value)) {
    const int = value as unknown as { inSafeRange(): boolean; toNumber(): number; toString(): string };
    return int.inSafeRange() ? int.toNumber() : int.toString();
  }
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (Array.isArray(value)) return value.map(toPlain);
  if (typeof value !== 'object') return value;
  if (isTemporal(value)) return String(value);
  if (neo4j.isNode(value as never) || neo4j.isRelationship(value as never)) {
    return toPlain((value as unknown as { properties: Record<string, unknown> }).properties);
  }
  if (neo4j.isPath(value as never)) {
    const path = value as unknown as { segments: Array<{ start: unknown; end: unknown; relationship: unknown }> };
    return path.segments.map((s) => ({ start: toPlain(s.start), rel: toPlain(s.relationship), end: toPlain(s.end) }));
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = toPlain(v);
  return out;
}

function isTemporal(value: object): boolean {
  return (
    neo4j.isDate(value as never) || neo4j.isDateTime(value as never) || neo4j.isLocalDateTime(value as never) ||
    neo4j.isLocalTime(value as never) || neo4j.isTime(value as never) || neo4j.isDuration(value as never)
  );
}

/** Marks a JS number as a Cypher Integer (LIMIT/SKIP and other integer-only parameters). */
export function int(n: number): ReturnType<typeof neo4j.int> {
  return neo4j.int(Math.trunc(n));
}

/**
 * Marks the whole numbers among stored properties as Cypher Integers, in place (the JS driver
 * sends every number as a Float, so line 3 would be stored and shown as 3.0). A list becomes a
 * list of Integers only when every element is whole: Neo4j stores lists of one type. The object
 * keeps its TypeScript type; reads come back as numbers through `toPlain`.
 */
export function storeWholeNumbersAsIntegers<T extends Record<string, unknown>>(props: T): T {
  const out = props as Record<string, unknown>;
  for (const [key, value] of Object.entries(out)) {
    if (typeof value === 'number' && Number.isSafeInteger(value)) out[key] = neo4j.int(value);
    else if (Array.isArray(value) && value.length > 0 && value.every((x) => typeof x === 'number' && Number.isSafeInteger(x))) {
      out[key] = value.map((x: number) => neo4j.int(x));
    }
  }
  return props;
}
