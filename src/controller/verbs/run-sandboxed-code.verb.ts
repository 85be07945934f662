import { z } from 'zod';
import { AppError } from '../../errors/index.js';
import { recordSandboxRunEvidence } from '../../execution/sandbox/sandbox-evidence.js';
import { runSandboxedCode } from '../../execution/sandbox/sandbox-runner.js';
import { returnShapeSchema } from '../../execution/sandbox/sandbox-return.js';
import { TurnDenial } from '../deny.js';
import { defineVerb } from '../verb.js';
import { requirePack, resolvePackFile } from './pack-scope.js';

const MAX_INPUT_BYTES = 256 * 1024;
const inputName = z.string().regex(/^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/, 'an identifier');

/** run_sandboxed_code: an async IIFE in a locked-down child process with declared inputs, read-only pack files and a checked return shape. */
export const runSandboxedCodeVerb = defineVerb({
  name: 'run_sandboxed_code',
  description: 'Runs a small async IIFE in an isolated process (no network, no child processes, no writes, empty environment, timeout and memory cap) with declared inputs and read-only access to declared pack files; the result must match the declared shape.',
  whenToUse: 'A plan node needs a computed answer that no read verb gives (counting, cross-checking pack files).',
  states: ['PLAN_ACCEPTED'],
  args: z.strictObject({
    planNodeId: z.string().min(1).max(128).describe('the accepted plan node this computation serves'),
    code: z.string().min(1).max(20_000).describe('one async IIFE without parameters, e.g. (async () => { … return result; })(); it may use `inputs.<declared>`, `pack.read(path)`, `pack.files` and pure globals only'),
    inputs: z.record(inputName, z.unknown()).optional().describe('declared inputs (JSON values), visible as the frozen object `inputs`'),
    packFiles: z.array(z.string().min(1).max(1024)).max(50).optional().describe('pack files the code may read with pack.read(path) (repo-relative)'),
    returns: returnShapeSchema.describe('the declared return shape ({type: string|number|integer|boolean} | {type: array, items, allowEmpty?} | {type: object, properties, required?}); placeholders are rejected'),
    timeoutMs: z.number().int().min(100).max(30_000).optional().describe('hard time limit (default 5000 ms)'),
  }),
  async run({ ctx, input }) {
    const work = ctx.work;
    if (!work) throw new TurnDenial('NOT_FOUND', { message: 'run_sandboxed_code needs a workId.' });
    const view = await ctx.plans.readPlan(work.work.id, { signal: ctx.signal });
    if (!view?.plan) throw new TurnDenial('ILLEGAL_TRANSITION', { message: 'This work has no accepted plan.', suggestedAction: { verb: 'submit_execution_plan', reason: 'sandboxed code runs for a node of an accepted plan' } });
    if (!view.nodes.some((n) => n.nodeId === input.planNodeId)) throw new TurnDenial('NOT_FOUND', { message: `No node ${input.planNodeId} in the accepted plan.`, details: { planNodeId: input.planNodeId } });
    const inputs = input.inputs ?? {};
    if (Buffer.byteLength(JSON.stringify(inputs), 'utf8') > MAX_INPUT_BYTES) {
      throw new TurnDenial('INVALID_ARGS', { message: `inputs exceed ${MAX_INPUT_BYTES} bytes.`, problems: [{ path: 'args.inputs', message: `at most ${MAX_INPUT_BYTES} bytes of JSON` }] });
    }
    const packFiles: Record<string, string> = {};
    if ((input.packFiles ?? []).length > 0) {
      const { files } = await requirePack(ctx);
      for (const path of input.packFiles ?? []) {
        const resolved = await resolvePackFile(ctx, files, path);
        packFiles[resolved.relative] = resolved.absolute;
      }
    }
    const evidence = { workId: work.work.id, nodeId: input.planNodeId, agentId: ctx.agentId, runSessionId: ctx.runSessionId, code: input.code, inputs, packFiles: Object.keys(packFiles), startedAt: new Date() };
    let result;
    try {
      result = await runSandboxedCode({ code: input.code, inputs, packFiles, returns: input.returns, timeoutMs: input.timeoutMs, signal: ctx.signal });
    } catch (error) {
      const reason = error instanceof AppError ? String(error.details.reason ?? error.code) : 'error';
      // The refusal is what the agent must see; a failed evidence write must not replace it.
      await recordSandboxRunEvidence(ctx.graph, ctx.repoId, { ...evidence, outcome: 'denied', reason }).catch(() => undefined);
      throw error;
    }
    const evidenceId = await recordSandboxRunEvidence(ctx.graph, ctx.repoId, { ...evidence, outcome: 'succeeded', value: result.value });
    return { result: { planNodeId: input.planNodeId, value: result.value, logs: result.logs, durationMs: result.durationMs, evidenceId } };
  },
});
