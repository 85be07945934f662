import type { ErrorCode } from '../errors/index.js';

/** The 17 rejection codes of the plan validator, in catalog order (a typed subset of the catalog). */
export const REJECTION_CODES = [
  'PLAN_MISSING_REQUIRED_FIELDS',
  'PLAN_SCOPE_VIOLATION',
  'PLAN_EVIDENCE_INSUFFICIENT',
  'PLAN_NOT_ATOMIC',
  'PLAN_VERIFICATION_WEAK',
  'PLAN_STRATEGY_MISMATCH',
  'PLAN_WEAK_MODEL_AMBIGUOUS',
  'PLAN_FEDERATION_PROOF_MISSING',
  'PLAN_ORIGIN_UNKNOWN',
  'PLAN_POLICY_VIOLATION',
  'PLAN_MISSING_CONTRACT_ANCHOR',
  'PLAN_VALIDATION_CONFIDENCE_TOO_LOW',
  'EXEC_SIDE_EFFECT_COLLISION',
  'EXEC_UNGATED_SIDE_EFFECT',
  'MEMORY_PROVISIONAL_EXPIRED',
  'PACK_INSUFFICIENT',
  'PACK_REQUIRED_ANCHOR_UNRESOLVED',
] as const satisfies readonly ErrorCode[];

export type RejectionCode = (typeof REJECTION_CODES)[number];

const CODE_SET: ReadonlySet<string> = new Set(REJECTION_CODES);

/** True when `code` is one of the plan rejection codes. */
export function isRejectionCode(code: unknown): code is RejectionCode {
  return typeof code === 'string' && CODE_SET.has(code);
}

/** One reason a plan is rejected: exactly one code, where it is (JSON path), and how to fix it. */
export interface PlanViolation {
  code: RejectionCode;
  /** The offending node, when the violation belongs to one. */
  nodeId?: string;
  /** JSON path of the field, rooted at `$` (e.g. `$.nodes[2].targetFile`). */
  path: string;
  message: string;
  /** A concrete edit that makes this violation go away. */
  fixHint: string;
}

/** Builds a violation, leaving `nodeId` out when it is unknown. */
export function violation(code: RejectionCode, path: string, message: string, fixHint: string, nodeId?: string): PlanViolation {
  return nodeId === undefined ? { code, path, message, fixHint } : { code, nodeId, path, message, fixHint };
}

/** `$.a[0].b` from a path of keys and indices. */
export function jsonPath(segments: ReadonlyArray<string | number>): string {
  let out = '$';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(segment)) out += `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** JSON path of a field of node `index`. */
export function nodePath(index: number, ...rest: ReadonlyArray<string | number>): string {
  return jsonPath(['nodes', index, ...rest]);
}

// Splits `$.nodes[10].a` into comparable parts so that index 2 sorts before index 10.
function pathKey(path: string): Array<string | number> {
  return path.split(/[.[\]]+/).filter((p) => p !== '').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

function comparePaths(a: string, b: string): number {
  const ka = pathKey(a);
  const kb = pathKey(b);
  for (let i = 0; i < Math.min(ka.length, kb.length); i += 1) {
    const x = ka[i] as string | number;
    const y = kb[i] as string | number;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return ka.length - kb.length;
}

const codeRank = (code: RejectionCode): number => REJECTION_CODES.indexOf(code);

/** Deterministic order (path, then catalog order of the code, then message) without duplicates. */
export function sortViolations(violations: readonly PlanViolation[]): PlanViolation[] {
  const seen = new Set<string>();
  const unique = violations.filter((v) => {
    const key = `${v.code}\u0000${v.path}\u0000${v.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.sort((a, b) => comparePaths(a.path, b.path) || codeRank(a.code) - codeRank(b.code) || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0));
}
