import { z } from 'zod';
import { mintId } from '../../session/index.js';
import { thresholdTokens } from '../budget.js';
import { TurnDenial } from '../deny.js';
import { defineVerb } from '../verb.js';

const STOP_WORDS = new Set(['the', 'and', 'for', 'with', 'from', 'into', 'that', 'this', 'then', 'when', 'add', 'make', 'use', 'new', 'all', 'our', 'should', 'please', 'can', 'not']);

/**
 * PLACEHOLDER lexemes for the placeholder pack: lower-case words of the prompt (≥ 3 characters,
 * minus a few stop words) plus the agent's lexemes. The retrieval issue replaces this with the real
 * lexeme model and five-lane retrieval.
 */
export function placeholderLexemes(prompt: string | null, given: readonly string[] = []): string[] {
  const words = [...given, ...(prompt ?? '').split(/[^A-Za-z0-9_-]+/)]
    .map((w) => w.toLowerCase().replace(/^[-_]+|[-_]+$/g, ''))
    .filter((w) => w.length >= 3 && !STOP_WORDS.has(w));
  return [...new Set(words)].slice(0, 24);
}

export const initializeWorkVerb = defineVerb({
  name: 'initialize_work',
  description: 'Starts a work: mints workId/agentId/runSessionId, creates the work folder and builds the context pack.',
  whenToUse: 'First call of every task (pass originalPrompt), or to start over with a fresh budget.',
  states: ['UNINITIALIZED', 'BLOCKED_BUDGET'],
  args: z.strictObject({
    lexemes: z.array(z.string().min(1).max(64).regex(/^[^\u0000-\u001f\u007f]+$/, 'control characters are not allowed')).max(32).optional()
      .describe('key terms of the task (component tags, class names, routes); added to the words of originalPrompt'),
    attachments: z.array(z.strictObject({
      type: z.enum(['screenshot', 'document', 'log', 'other']).describe('what the attachment is'),
      ref: z.string().min(1).max(2048).describe('where it is (a path or an opaque reference)'),
      caption: z.string().max(500).optional().describe('one line about it'),
    })).max(10).optional().describe('user attachments; recorded as metadata only until the attachments issue lands'),
  }),
  async run({ ctx, input }) {
    const lexemes = placeholderLexemes(ctx.originalPrompt, input.lexemes);
    if (lexemes.length === 0) {
      throw new TurnDenial('INVALID_ARGS', {
        message: 'initialize_work needs originalPrompt (the user request) or args.lexemes.',
        problems: [{ path: 'originalPrompt', message: 'required when args.lexemes is empty' }],
        suggestedAction: { verb: 'initialize_work', reason: "pass the user's request as originalPrompt" },
      });
    }
    const { config, signal } = ctx;
    const selected = await ctx.packs.selectByLexemes(lexemes, config.limits.packMaxFiles, { signal });
    const work = await ctx.sessions.create({
      workId: mintId('work'),
      state: 'PLANNING',
      runSessionId: ctx.runSessionId,
      originalPrompt: ctx.originalPrompt,
      agentId: ctx.agentId,
      maxTokens: config.budget.maxTokens,
      thresholdTokens: thresholdTokens(config.budget.maxTokens, config.budget.thresholdPercent),
    }, { signal });
    const selection = { method: 'placeholder: File facts whose path or defined symbol names contain a lexeme', lexemes };
    const pack = await ctx.packs.create({ workId: work.id, files: selected.map((s) => s.path), notes: { selection } }, { signal });
    const insufficient = pack.fileCount === 0;
    return {
      createdWork: work,
      pack,
      outcome: insufficient ? 'pack_insufficient' : 'ok',
      ...(insufficient ? { suggestedAction: { verb: 'escalate', reason: 'no indexed file matched the task terms; name the files or symbols you need' } } : {}),
      result: {
        ...(ctx.work ? { previousWorkId: ctx.work.work.id } : {}),
        contextPack: {
          ref: pack.ref,
          hash: pack.hash,
          files: pack.files,
          symbols: pack.symbols.slice(0, 100),
          symbolCount: pack.symbolCount,
        },
        selection,
        ...(insufficient ? { packInsufficiency: { reason: 'no File fact of this repository matched the lexemes (is the repository ingested?)', lexemes } } : {}),
        attachments: (input.attachments ?? []).map((a) => ({ ...a, status: 'recorded-metadata-only' })),
        planGraphSchema: await ctx.plans.schemaFor(work.id, { signal }),
      },
    };
  },
});
