import { describe, expect, it } from 'vitest';
import { DEFAULT_DOCTRINES, validatePlan } from '../../../src/plan/index.js';
import { contextOf, goldenWorld } from './support/golden.js';
import { goldenPlan } from './support/golden-plan.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- the plan is edited freely here */

// Under ui_aggrid_feature a plan without grid targets needs an origin chain only when the task is a
// table flow: the pack's signature `mentionsAgGrid: false` means the class was merely the default.
describe('aggrid_origin under ui_aggrid_feature without grid targets', () => {
  const originCodes = async (mentionsAgGrid: boolean | undefined): Promise<string[]> => {
    const world = goldenWorld();
    for (const file of world.facts.packFiles) (file as { gridTable: boolean }).gridTable = false;
    world.context.strategy = DEFAULT_DOCTRINES.ui_aggrid_feature;
    world.context.signature = mentionsAgGrid === undefined ? {} : { mentionsAgGrid };
    const plan: any = goldenPlan();
    plan.proofRefs = plan.proofRefs.filter((ref: string) => !ref.startsWith('chain:aggrid'));
    const result = await validatePlan(plan, contextOf(world));
    return result.violations.filter((v) => v.code === 'PLAN_ORIGIN_UNKNOWN').map((v) => v.path);
  };

  it('requires the chain when the signature mentions ag-Grid or says nothing', async () => {
    expect(await originCodes(true)).toEqual(['$.proofRefs']);
    expect(await originCodes(undefined)).toEqual(['$.proofRefs']);
  });

  it('does not require it when retrieval saw no ag-Grid in the task', async () => {
    expect(await originCodes(false)).toEqual([]);
  });
});
