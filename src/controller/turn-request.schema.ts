import { z } from 'zod';
import { SAFE_ID } from '../config/index.js';

const id = (what: string) => z.string().regex(SAFE_ID, `${what} must be 1–64 characters of A–Z, a–z, 0–9, '_' or '-'`);

/**
 * The `controller_turn` arguments (seed 000 "Request Envelope"). Strict: unknown keys are refused.
 * Per-verb `args` are validated by the verb's own schema inside the dispatcher.
 */
export const TurnRequestSchema = z.strictObject({
  verb: z.string().min(1).max(64).describe('the verb to run; the response lists the verbs allowed now in `capabilities`'),
  workId: id('workId').optional().describe('the work this turn belongs to (from the initialize_work response); omit only for initialize_work'),
  agentId: id('agentId').optional().describe('your agent id; omit on first contact and one is assigned; sub-agents of one work each keep their own'),
  runSessionId: id('runSessionId').optional().describe('the run session id from earlier responses (optional)'),
  originalPrompt: z.string().max(20_000).optional().describe("the user's request, verbatim (initialize_work)"),
  args: z.record(z.string(), z.unknown()).optional().describe('the verb’s arguments; see verbDescriptions (sent on the first turn, when the allowed verbs change, or with describe: true)'),
  describe: z.boolean().optional().describe('true: include the whole work view: capabilities, verbDescriptions (the arguments of every allowed verb), ids, scope, originalPrompt, contextPack, knowledgeStrategy, progress; otherwise each comes only when it changes'),
  traceMeta: z.record(z.string(), z.unknown()).refine((v) => JSON.stringify(v).length <= 4096, 'at most 4 KB of JSON').optional().describe('free-form tracing metadata stored with the turn (max 4 KB)'),
});

export type TurnRequest = z.infer<typeof TurnRequestSchema>;

/** A validation problem as it appears in deny details. */
export interface Problem {
  path: string;
  message: string;
  /** The problem's own code when it differs from the deny's (plan rejections list several). */
  code?: string;
}

/** Flattens zod issues to `{ path, message }` problems, prefixing the path (e.g. `args.`). */
export function toProblems(error: z.ZodError, prefix = ''): Problem[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    return { path: [prefix, path].filter(Boolean).join('.') || '(arguments)', message: issue.message };
  });
}
