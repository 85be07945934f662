import { z } from 'zod';
import { firstUseGate } from '../../graph/index.js';
import { ingestMemoryOverrides, sweepMemories } from '../../memory/index.js';
import { ensureDirNoFollow } from '../../paths/index.js';
import { assemblePack, assertRepoIngested } from '../../retrieval/assemble/index.js';
import { agentLexemeSchema } from '../../retrieval/lexemes/lexeme.model.js';
import { packMemoriesInForce } from '../../retrieval/pack/pack-memories.js';
import { discardUnstartedWorks, mintId, storeAttachments } from '../../session/index.js';
import { thresholdTokens } from '../budget.js';
import { TurnDenial } from '../deny.js';
import { defineVerb } from '../verb.js';
import { assemblyContext, packOutcome, packResult } from './pack-response.js';
import { inlineSchemaArg, planSchemaForResponse, schemaInline } from './plan-schema-ref.js';

// Control, zero-width and bidi-override characters have no place in a search term (SECURITY.md).
const UNSAFE = /[\u0000-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;
const lexemesSchema = z.array(agentLexemeSchema.refine((l) => !UNSAFE.test(typeof l === 'string' ? l : l.raw), 'control, zero-width and bidi characters are not allowed')).max(48);

const attachmentSchema = z.strictObject({
  type: z.enum(['screenshot', 'document', 'log', 'other']).describe('what the attachment is'),
  ref: z.string().min(1).max(2048).describe('inline:base64:<data>, a repo-relative file path, or an external reference (kept as a reference)'),
  caption: z.string().max(500).optional().describe('one line about it'),
});

/** Longest an initialize_work waits for another process's first pack after a server start (at most half the turn timeout). */
const FIRST_PACK_MAX_WAIT_MS = 15_000;

/**
 * How old a PLANNING work without a logged turn must be before another initialize_work deletes it:
 * past its creating turn's timeout and a transaction timeout after it, so that turn cannot still finish.
 */
export function unstartedWorkGraceMs(turnTimeoutMs: number): number {
  return 2 * turnTimeoutMs + 60_000;
}

/**
 * `initialize_work` (001 §4), in the v2 order: mint ids → create `.ai/tmp/work/{workId}/` → side
 * channels before memories (override files → approved memories, renamed `.processed`; inbox files
 * and `args.attachments[]` → stored attachments; the memory lifecycle sweep) → pack assembly (active memories, base signature,
 * lanes, closure, proof chains, strategy after overrides) → pack file with its SHA-256 and the
 * ContextPack node → planGraphSchema for the recorded pack (inline, or by resource URI: plan-schema-ref.ts) → PLANNING with the pack summary.
 */
export const initializeWorkVerb = defineVerb({
  name: 'initialize_work',
  description: 'Starts a work: mints workId/agentId/runSessionId, ingests overrides and attachments, and builds the context pack.',
  whenToUse: 'First call of every task (pass originalPrompt), or to start over with a fresh budget.',
  states: ['UNINITIALIZED', 'BLOCKED_BUDGET'],
  args: z.strictObject({
    lexemes: lexemesSchema.optional()
      .describe('key terms of the task (component tags, class names, routes, endpoints, file paths; "-term" excludes); added to the terms of originalPrompt'),
    attachments: z.array(attachmentSchema).max(10).optional().describe('user attachments (screenshots, documents, logs); stored with the work, cited by plans through artifactRefs'),
    inlineSchema: inlineSchemaArg,
  }),
  async run({ ctx, input }) {
    const prompt = ctx.originalPrompt?.trim() ? ctx.originalPrompt : null;
    if (!prompt && (input.lexemes ?? []).length === 0) {
      throw new TurnDenial('INVALID_ARGS', {
        message: 'initialize_work needs originalPrompt (the user request) or args.lexemes.',
        problems: [{ path: 'originalPrompt', message: 'required when args.lexemes is empty' }],
        suggestedAction: { verb: 'initialize_work', reason: "pass the user's request as originalPrompt" },
      });
    }
    const { config, signal } = ctx;
    // Before a Work exists: a repository that was never ingested gets no Work and no empty pack.
    await assertRepoIngested(ctx.graph, ctx.repoId, { signal });
    ctx.progress?.('starting the work');
    const work = await ctx.sessions.create({
      workId: mintId('work'), state: 'PLANNING', runSessionId: ctx.runSessionId, originalPrompt: ctx.originalPrompt, agentId: ctx.agentId,
      maxTokens: config.budget.maxTokens, thresholdTokens: thresholdTokens(config.budget.maxTokens, config.budget.thresholdPercent),
    }, { signal });
    ctx.onWorkCreated?.(work.id);
    await ensureDirNoFollow(ctx.repoRoot, ['.ai', 'tmp', 'work', work.id]);

    ctx.progress?.('ingesting memory overrides, inbox files and attachments');
    // Both side channels and the memory lifecycle sweep (one write) land before the pack reads active memories.
    const [overrides, attachments, swept, discarded] = await Promise.all([
      ingestMemoryOverrides({ graph: ctx.graph, repoId: ctx.repoId, root: ctx.repoRoot, now: ctx.now(), traceRef: ctx.traceRef, run: { signal }, initialState: ctx.config.memory.humanOverrideInitialState }),
      storeAttachments({ graph: ctx.graph, repoId: ctx.repoId, root: ctx.repoRoot, workId: work.id, given: input.attachments ?? [], run: { signal } }),
      sweepMemories({ graph: ctx.graph, repoId: ctx.repoId, root: ctx.repoRoot, now: ctx.now(), settings: config.memory, run: { signal } }),
      // Works whose initialize_work never answered (its process died or timed out): no agent holds their ids.
      discardUnstartedWorks({ graph: ctx.graph, repoId: ctx.repoId, repoRoot: ctx.repoRoot, workIds: [], olderThanMs: unstartedWorkGraceMs(config.mcp.turnTimeoutMs), run: { signal } }),
    ]);
    if (discarded.length > 0) ctx.log.info('discarded works no agent was given', { workIds: discarded });
    if (swept.changelogError) ctx.log.warn('memory changelog not written', { error: swept.changelogError, transitions: swept.transitions.length });

    // After a server start, one process's first pack goes first and the others wait, then find its plans cached.
    const gate = firstUseGate(ctx.graph, 'first-use:initialize-work', { log: ctx.log, maxWaitMs: Math.min(FIRST_PACK_MAX_WAIT_MS, config.mcp.turnTimeoutMs / 2) });
    const { assembled, stored, schema } = await gate.run(async () => {
      ctx.progress?.('building the context pack');
      const assembled = await assemblePack({
        ...assemblyContext(ctx), prompt, lexemes: input.lexemes ?? [], workId: work.id, version: 1, supersedes: null,
        attachments: attachments.filter((a) => a.status !== 'rejected'),
      });
      ctx.progress?.('writing the context pack');
      const { pack } = assembled;
      const stored = await ctx.packs.record({
        workId: work.id, packId: pack.header.contextPackId, version: 1, supersedes: null, text: assembled.text, hash: assembled.hash,
        repoSnapshotId: pack.header.repoSnapshotId, outcome: pack.outcome, strategyId: pack.strategy.strategyId,
        files: pack.evidence.files.map((f) => f.path), symbolIds: assembled.symbolIds, memoryIds: packMemoriesInForce(pack),
        evidence: pack.evidence.files, proofChains: pack.anchors.proofChains,
      }, { signal });
      return { assembled, stored, schema: await ctx.plans.schemaFor(work.id, { signal }) };
    }, { signal, onWait: () => ctx.progress?.('another agent is building the first context pack since the graph server started; this one follows on its cached plans') });
    const planGraphSchema = planSchemaForResponse(schema, work.id, schemaInline(ctx, input.inlineSchema));
    return {
      createdWork: work,
      ...packOutcome(assembled, stored),
      result: packResult(ctx, assembled, stored, {
        ...(ctx.work ? { previousWorkId: ctx.work.work.id } : {}),
        planGraphSchema,
        sideChannels: { overrides, attachments: attachments.map((a) => ({ artifactId: a.artifactId, source: a.source, status: a.status, ...(a.reason ? { reason: a.reason } : {}) })) },
      }),
    };
  },
});
