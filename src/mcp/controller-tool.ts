import { z } from 'zod';
import { TurnResponseSchema } from '../controller/envelope.schema.js';
import { TurnRequestSchema } from '../controller/turn-request.schema.js';

export const TOOL_NAME = 'controller_turn';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { target: 'draft-7', io }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

/**
 * The one tool graphgate exposes. Static on purpose: nothing from the repository, tickets or the
 * graph is ever concatenated into the tool definition (that would be a prompt-injection channel).
 */
export const CONTROLLER_TOOL = {
  name: TOOL_NAME,
  title: 'graphgate controller turn',
  description: [
    'The single entry point of the graphgate controller. Every call names a `verb` and its `args`.',
    'Start each task with verb "initialize_work" and the user request as `originalPrompt`; keep the returned',
    '`workId` and `agentId` and pass them on every later call. Responses are kept small: `capabilities` (the verbs',
    'allowed next) and `verbDescriptions` (their arguments) come on the first call and whenever that list changes',
    '(then only the newly allowed verbs are described);',
    'an absent `capabilities` means it is unchanged. Other fields (`contextPack`, `knowledgeStrategy`, `progress`)',
    'likewise come only when they change; `describe: true` returns all of them. A refused call returns `deny` and a',
    '`suggestedAction` telling you what to do instead. Reads are limited to the files of the context pack.',
  ].join(' '),
  inputSchema: jsonSchema(TurnRequestSchema, 'input') as { type: 'object'; [k: string]: unknown },
  outputSchema: jsonSchema(TurnResponseSchema, 'output') as { type: 'object'; [k: string]: unknown },
  annotations: {
    title: 'graphgate controller turn',
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: false,
  },
};
