import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRejectionCode, validatePlan } from '../../../src/plan/index.js';
import { contextOf, goldenWorld, HTML, REMOTE, TS } from './support/golden.js';
import { goldenPlan } from './support/golden-plan.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- fuzzed plans have no type */
const DETAIL = 1;

// Every JSON path (as key lists) to a value inside the golden plan.
function pathsOf(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([k, v]) => pathsOf(v, [...prefix, k]))];
}

function setAt(root: any, path: ReadonlyArray<string | number>, value: unknown): any {
  if (path.length === 0) return value;
  let current = root;
  for (const key of path.slice(0, -1)) current = current[key];
  current[path[path.length - 1] as string | number] = value;
  return root;
}

const GOLDEN_PATHS = pathsOf(goldenPlan());

const nasty = fc.oneof(
  fc.jsonValue(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\u202e', '../..', '*', -1, 1e308, Number.NaN, null, [], {}, '__proto__', 'constructor'),
  fc.array(fc.constantFrom('c-orders-alert', 'v-orders', 'se-jira', 'c-detail-severity', 'v-detail', 'ghost'), { maxLength: 6 }),
);

function assertWellFormed(result: Awaited<ReturnType<typeof validatePlan>>): void {
  expect(typeof result.accepted).toBe('boolean');
  expect(result.accepted).toBe(result.violations.length === 0);
  for (const v of result.violations) {
    expect(isRejectionCode(v.code)).toBe(true);
    expect(v.path.startsWith('$')).toBe(true);
    expect(v.fixHint.length).toBeGreaterThan(0);
  }
}

describe('validatePlan properties', () => {
  it('never crashes on arbitrary input', async () => {
    await fc.assert(fc.asyncProperty(fc.anything(), async (input) => {
      const result = await validatePlan(input, contextOf(goldenWorld()));
      assertWellFormed(result);
      expect(result.accepted).toBe(false);
    }), { numRuns: 150 });
  });

  it('never crashes when any part of the golden plan is replaced by junk, and stays deterministic', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom(...GOLDEN_PATHS), nasty, async (path, junk) => {
      const plan = setAt(goldenPlan(), path, junk);
      const a = await validatePlan(plan, contextOf(goldenWorld()));
      const b = await validatePlan(setAt(goldenPlan(), path, junk), contextOf(goldenWorld()));
      assertWellFormed(a);
      expect(JSON.stringify(a.violations)).toBe(JSON.stringify(b.violations));
    }), { numRuns: 300 });
  });

  it('never crashes on random dependency graphs and reports a cycle exactly when there is one', async () => {
    const ids = ['c-orders-alert', 'c-detail-severity', 'v-orders', 'v-detail', 'se-jira'];
    const graph = fc.tuple(...ids.map(() => fc.subarray(ids, { maxLength: 3 })));
    await fc.assert(fc.asyncProperty(graph, async (deps) => {
      const plan: any = goldenPlan();
      plan.nodes.forEach((n: any, i: number) => { n.dependsOn = deps[i]; });
      const result = await validatePlan(plan, contextOf(goldenWorld()));
      assertWellFormed(result);
      const edges = new Map(ids.map((id, i) => [id, deps[i] as string[]]));
      const cyclic = ids.some((start) => {
        const stack = [...(edges.get(start) ?? [])];
        const seen = new Set<string>();
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (id === start) return true;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(edges.get(id) ?? []));
        }
        return false;
      });
      expect(result.violations.some((v) => v.message.startsWith('Dependency cycle'))).toBe(cyclic);
    }), { numRuns: 200 });
  });
});

const PACK_PATHS = [HTML, TS, REMOTE];

/** Paths that must never be accepted as a target, built around real pack paths. */
const hostilePath = fc.tuple(fc.constantFrom(...PACK_PATHS), fc.nat({ max: 12 }), fc.constantFrom('', 'x/', 'src/', '../')).map(([path, variant, prefix]) => {
  const variants: Array<() => string> = [
    () => `/${path}`,
    () => `//${path}`,
    () => `~/${path}`,
    () => `${prefix}../${path}`,
    () => `${path}/../../${path}`,
    () => `${prefix}..%2f${path}`,
    () => `%2e%2e/${path}`,
    () => `${prefix}%252e%252e/${path}`,
    () => path.replace(/\//g, '\\'),
    () => `C:/${path}`,
    () => `c:${path}`,
    () => `${path}\u0000.png`,
    () => `${path.slice(0, 4)}\u202e${path.slice(4)}`,
  ];
  return (variants[variant] as () => string)();
});

describe('scope properties', () => {
  it('rejects every traversal, absolute, encoded, backslash, drive-letter and NUL variant with PLAN_SCOPE_VIOLATION', async () => {
    await fc.assert(fc.asyncProperty(hostilePath, async (hostile) => {
      const plan: any = goldenPlan();
      plan.nodes[DETAIL].targetFile = hostile;
      const result = await validatePlan(plan, contextOf(goldenWorld()));
      expect(result.accepted).toBe(false);
      expect(result.violations).toContainEqual(expect.objectContaining({ code: 'PLAN_SCOPE_VIOLATION', path: '$.nodes[1].targetFile' }));
      expect(new Set(result.violations.map((v) => v.code))).toEqual(new Set(['PLAN_SCOPE_VIOLATION']));
    }), { numRuns: 300 });
  });

  it('rejects the same variants as code-evidence files', async () => {
    await fc.assert(fc.asyncProperty(hostilePath, async (hostile) => {
      const plan: any = goldenPlan();
      plan.nodes[DETAIL].codeEvidence.push({ file: hostile, observation: 'sneaky' });
      const result = await validatePlan(plan, contextOf(goldenWorld()));
      expect(result.violations).toContainEqual(expect.objectContaining({ code: 'PLAN_SCOPE_VIOLATION', path: '$.nodes[1].codeEvidence[1].file' }));
    }), { numRuns: 150 });
  });
});

/** Spellings of one file that canonicalise to the same source. */
const sameFile = fc.tuple(fc.constantFrom('', './', '././'), fc.boolean(), fc.option(fc.nat({ max: 400 }), { nil: undefined })).map(([lead, doubled, line]) => {
  const body = doubled ? REMOTE.replace('/src/', '//src/') : REMOTE;
  return { file: `${lead}${body}`, ...(line !== undefined ? { lineStart: line + 1, lineEnd: line + 3 } : {}), observation: 'the same file again' };
});

describe('evidence-gaming properties', () => {
  it('counts one file once however often and however it is cited', async () => {
    await fc.assert(fc.asyncProperty(fc.array(sameFile, { minLength: 1, maxLength: 12 }), async (evidence) => {
      const world = goldenWorld();
      world.context.evidencePolicy = { ...world.context.evidencePolicy, minCodeEvidenceSources: 2 };
      const plan: any = goldenPlan();
      plan.evidencePolicy.minCodeEvidenceSources = 2;
      plan.nodes[DETAIL].codeEvidence = evidence;
      const result = await validatePlan(plan, contextOf(world));
      expect(result.violations).toContainEqual(expect.objectContaining({ code: 'PLAN_EVIDENCE_INSUFFICIENT', path: '$.nodes[1].codeEvidence' }));
    }), { numRuns: 150 });
  });

  it('counts one ticket once whatever fragment, line suffix or case is added', async () => {
    const ticket = fc.tuple(fc.constantFrom('ORD-42', 'ord-42', 'Ord-42'), fc.constantFrom('', '#comment-3', ':12', ':L3-L9', '#')).map(([key, suffix]) => ({ sourceType: 'ticket', ref: `${key}${suffix}`, quote: 'Use the SDF severity names.' }));
    await fc.assert(fc.asyncProperty(fc.array(ticket, { minLength: 1, maxLength: 10 }), async (citations) => {
      const world = goldenWorld();
      world.context.evidencePolicy = { ...world.context.evidencePolicy, minRequirementSources: 2 };
      const plan: any = goldenPlan();
      plan.evidencePolicy.minRequirementSources = 2;
      plan.nodes[DETAIL].citations = citations;
      const result = await validatePlan(plan, contextOf(world));
      expect(result.violations).toContainEqual(expect.objectContaining({ code: 'PLAN_EVIDENCE_INSUFFICIENT', path: '$.nodes[1].citations' }));
    }), { numRuns: 100 });
  });

  it('counts a doc cited as requirement and the same file as code evidence once', async () => {
    const plan: any = goldenPlan();
    plan.nodes[DETAIL].citations = [{ sourceType: 'doc', ref: `./${REMOTE}#L1`, quote: 'the header comment says warning' }];
    const result = await validatePlan(plan, contextOf(goldenWorld()));
    expect(result.violations.map((v) => [v.code, v.path])).toEqual([['PLAN_EVIDENCE_INSUFFICIENT', '$.nodes[1]']]);
  });
});
