import { z } from 'zod';
import { readTextCapped, resolveExisting } from '../../paths/index.js';
import { escalatePack } from '../../retrieval/assemble/index.js';
import { sha256Hex } from '../../retrieval/pack/canonical-json.js';
import { contextPackSchema, type ContextPack } from '../../retrieval/pack/pack-contract.schema.js';
import { packMemoriesInForce } from '../../retrieval/pack/pack-memories.js';
import { TurnDenial } from '../deny.js';
import { defineVerb, type VerbContext } from '../verb.js';
import { assemblyContext, packOutcome, packResult } from './pack-response.js';
import { inlineSchemaArg, planSchemaForResponse, schemaInline } from './plan-schema-ref.js';

const MAX_PACK_BYTES = 16 * 1024 * 1024;

/** The work's current pack, read from its (immutable) file and checked against the hash the graph recorded. */
async function currentPack(ctx: VerbContext): Promise<ContextPack> {
  const row = ctx.work?.pack;
  const unreadable = (why: string) => new TurnDenial('PACK_INSUFFICIENT', {
    message: `The work's current context pack cannot be grown: ${why}.`,
    details: { packId: row?.id ?? null },
    suggestedAction: { verb: 'initialize_work', reason: 'start a new work; its pack is built by the current retrieval' },
  });
  if (!row) throw unreadable('the work has no pack');
  let text: string;
  try {
    text = await readTextCapped(await resolveExisting(ctx.repoRoot, row.ref), MAX_PACK_BYTES);
  } catch {
    throw unreadable('its file is missing or unreadable');
  }
  if (`sha256:${sha256Hex(text)}` !== row.hash) throw unreadable('its file does not match the recorded SHA-256');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw unreadable('its file is not JSON');
  }
  const parsed = contextPackSchema.safeParse(json);
  if (!parsed.success) throw unreadable('it predates the ContextPack contract');
  return parsed.data;
}

/**
 * `escalate` (001 §5): the need and the requested evidence are searched through the same lanes; the
 * pack grows monotonically (never shrinks) into a new version with a new hash that supersedes the
 * old one (which stays on disk); the planGraphSchema is recomputed for it; the response is the delta.
 */
export const escalateVerb = defineVerb({
  name: 'escalate',
  description: 'Asks the controller to enrich the context pack with more files, symbols or artifacts; answers with what was added.',
  whenToUse: 'The pack lacks something you need; never read outside the pack, escalate instead.',
  states: ['PLANNING', 'PLAN_ACCEPTED', 'BLOCKED_BUDGET'],
  args: z.strictObject({
    need: z.string().min(1).max(2000).describe('what is missing, in one or two sentences (name symbols, tags, routes or endpoints when you can)'),
    type: z.enum(['scope_expand', 'artifact_fetch', 'symbol_lookup', 'policy_clarification']).optional().describe('the kind of enrichment'),
    requestedEvidence: z.array(z.strictObject({ type: z.string().max(64).describe('scope_expand, artifact_fetch, symbol_lookup …'), detail: z.string().max(1000).describe('the item wanted') })).max(20).optional().describe('specific items wanted'),
    inlineSchema: inlineSchemaArg,
  }),
  async run({ ctx, input }) {
    const previous = await currentPack(ctx);
    const workId = ctx.work?.work.id as string;
    ctx.progress?.('searching the lanes for the escalation');
    const grown = await escalatePack({ ...assemblyContext(ctx), previous, need: input.need, requestedEvidence: input.requestedEvidence ?? [], ...(previous.attachments ? { attachments: previous.attachments } : {}) });
    const { pack } = grown;
    const stored = await ctx.packs.record({
      workId, packId: pack.header.contextPackId, version: pack.header.version, supersedes: previous.header.contextPackId, text: grown.text, hash: grown.hash,
      repoSnapshotId: pack.header.repoSnapshotId, outcome: pack.outcome, strategyId: pack.strategy.strategyId,
      files: pack.evidence.files.map((f) => f.path), symbolIds: grown.symbolIds, memoryIds: packMemoriesInForce(pack),
      evidence: pack.evidence.files, proofChains: pack.anchors.proofChains,
    }, { signal: ctx.signal });
    const planGraphSchema = planSchemaForResponse(await ctx.plans.schemaFor(workId, { signal: ctx.signal }), workId, schemaInline(ctx, input.inlineSchema));
    return {
      ...packOutcome(grown, stored),
      result: packResult(ctx, grown, stored, {
        delta: { ...grown.delta, previousHash: ctx.work?.pack?.hash ?? null, previousVersion: previous.header.version, version: pack.header.version },
        planGraphSchema,
      }),
    };
  },
});
