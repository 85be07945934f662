import type { LaneRow } from '../lanes/lane.queries.js';

/** A test that covers something in the pack, with how much it can be trusted to observe a change. */
export interface TestCoverage {
  id: string;
  path: string;
  framework: string | null;
  covers: string;
  confidence: 'high' | 'medium' | 'low';
  why: string;
}

const UNIT = new Set(['jasmine', 'jest', 'vitest', 'karma', 'mocha']);
const E2E = new Set(['cypress', 'playwright', 'protractor']);

/**
 * Grades a covering test (002 §6.6 "tests with confidence grading"): a unit test that covers a
 * component, service or file of the pack directly is high; an end-to-end test of a route is medium;
 * anything else (heuristic name matches, unknown frameworks) is low.
 */
export function gradeTest(test: LaneRow & { framework: string | null }, coveredId: string, coveredLabels: readonly string[]): TestCoverage {
  const framework = test.framework ?? null;
  const direct = coveredLabels.some((l) => l === 'Component' || l === 'Service' || l === 'File' || l === 'Symbol');
  let confidence: TestCoverage['confidence'] = 'low';
  let why = 'covers it by name only';
  if (framework && UNIT.has(framework) && direct) {
    confidence = 'high';
    why = `${framework} unit test of the covered code`;
  } else if (framework && E2E.has(framework)) {
    confidence = 'medium';
    why = `${framework} end-to-end test through the route`;
  }
  return { id: test.id, path: test.path ?? '', framework, covers: coveredId, confidence, why };
}
