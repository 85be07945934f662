import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EVIDENCE_POLICY_CONFIG } from '../../../src/config/config.schema.js';
import { DEFAULT_DOCTRINES, DEFAULT_EVIDENCE_POLICY } from '../../../src/plan/context.js';
import { doctrineTable, type StrategyRecordRow } from '../../../src/plan/facts/strategy-doctrines.js';
import { serverEvidencePolicy } from '../../../src/plan/validation-context.js';

const row = (over: Partial<StrategyRecordRow>): StrategyRecordRow => ({
  recordId: 'strategy.debug_symptom_trace', name: 'debug_symptom_trace', version: 2, source: 'default', sourceFile: 'graphgate:.ai/graph/seed/strategies.jsonl:2', planDoctrineJson: null, ...over,
});
const doctrine = (over: Record<string, unknown> = {}): string => JSON.stringify({ allowed_concerns: ['bugfix', 'test'], validate_per_change: true, ...over });

describe('doctrineTable (Strategy records → plan doctrines)', () => {
  it('falls back to the built-in doctrines when the graph has no doctrine', () => {
    expect(doctrineTable([]).doctrines).toEqual(DEFAULT_DOCTRINES);
    expect(doctrineTable([row({})]).doctrines.debug_symptom_trace).toEqual(DEFAULT_DOCTRINES.debug_symptom_trace);
  });

  it("takes a record's plan_doctrine, and a repository record over the shipped default", () => {
    const sequence = [{ kind: 'change', concern: 'test' }, { kind: 'change', concern: 'bugfix' }];
    const { doctrines, problems } = doctrineTable([
      row({ planDoctrineJson: doctrine() }),
      row({ recordId: 'repo.debug', version: 1, source: 'repo', planDoctrineJson: doctrine({ required_sequence: sequence }) }),
    ]);
    expect(problems).toEqual([]);
    expect(doctrines.debug_symptom_trace).toEqual({ strategyId: 'debug_symptom_trace', allowedConcerns: ['bugfix', 'test'], validatePerChange: true, permittedSwitches: [], requiredSequence: sequence, source: 'repo.debug@1' });
    expect(doctrines.ui_aggrid_feature).toEqual(DEFAULT_DOCTRINES.ui_aggrid_feature);
  });

  it("matches the built-in table with graphgate's shipped Strategy seeds (the fallback says what the graph says)", () => {
    const seeds = readFileSync(join(import.meta.dirname, '../../../.ai/graph/seed/strategies.jsonl'), 'utf8').split('\n').filter(Boolean)
      .map((line) => JSON.parse(line) as { id: string; name: string; version: number; plan_doctrine: unknown });
    const { doctrines, problems } = doctrineTable(seeds.map((r) => row({ recordId: r.id, name: r.name, version: r.version, planDoctrineJson: JSON.stringify(r.plan_doctrine) })));
    expect(problems).toEqual([]);
    for (const [id, builtIn] of Object.entries(DEFAULT_DOCTRINES)) {
      expect({ ...doctrines[id], source: 'built-in' }, id).toEqual(builtIn);
      expect(doctrines[id]!.source).toBe(`strategy.${id}@2`);
    }
  });

  it('skips and reports an invalid doctrine instead of guessing', () => {
    const { doctrines, problems } = doctrineTable([row({ planDoctrineJson: doctrine({ allowed_concerns: ['hotfix'] }) }), row({ recordId: 'strategy.x', name: 'ui_aggrid_feature', planDoctrineJson: '{not json' })]);
    expect(doctrines.debug_symptom_trace).toEqual(DEFAULT_DOCTRINES.debug_symptom_trace);
    expect(problems).toEqual([expect.stringContaining('strategy.debug_symptom_trace@2'), expect.stringContaining('strategy.x@2')]);
  });
});

describe('serverEvidencePolicy (repo config + pack file)', () => {
  it('is the default without configuration, and the configured policy otherwise', () => {
    expect(serverEvidencePolicy(undefined, null)).toEqual(DEFAULT_EVIDENCE_POLICY);
    const configured = { ...DEFAULT_EVIDENCE_POLICY_CONFIG, lowEvidenceGuardRules: [], minPolicySources: 1, allowSingleSourceWithGuard: false };
    expect(serverEvidencePolicy(configured, null)).toEqual({ ...configured, distinctSourceDefinition: 'canonical_source' });
  });

  it('is only ever made stricter by the pack file', () => {
    const configured = { ...DEFAULT_EVIDENCE_POLICY_CONFIG, lowEvidenceGuardRules: [], minCodeEvidenceSources: 3 };
    const pack = { ...DEFAULT_EVIDENCE_POLICY, minCodeEvidenceSources: 1, minRequirementSources: 2 };
    expect(serverEvidencePolicy(configured, pack)).toMatchObject({ minCodeEvidenceSources: 3, minRequirementSources: 2, allowSingleSourceWithGuard: true });
  });
});
