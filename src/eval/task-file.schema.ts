import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { AppError } from '../errors/index.js';
import { CHAIN_KINDS } from '../retrieval/proof-chains/index.js';

const repoPath = z.string().min(1).max(1000).refine((p) => !p.startsWith('/') && !p.split('/').includes('..'), 'a repo-relative POSIX path');

const anchorSchema = z.strictObject({
  file: repoPath.describe('repo-relative path of the file holding the anchor'),
  symbol: z.string().min(1).max(200).optional().describe('the class/interface/route it is about (informational; hits are counted per file)'),
});

/** One golden task: a prompt and what a good pack must contain. */
export const evalTaskSchema = z.strictObject({
  id: z.string().min(1).max(100).regex(/^[A-Za-z0-9._-]+$/).describe('stable task id'),
  class: z.string().min(1).max(60).describe('task class: ui_table_flow, api_contract_change, migration_slice, debug_slice, …'),
  prompt: z.string().min(1).max(20_000).describe('the user request as an agent would pass it'),
  lexemes: z.array(z.string().min(1).max(200)).max(32).optional().describe('terms an agent would add (args.lexemes)'),
  expected: z.strictObject({
    entrypoints: z.array(anchorSchema).min(1).describe('route/component/module anchors; at least one must be in the pack'),
    definitions: z.array(anchorSchema).min(1).describe('DTO/interface/service-contract anchors; at least one must be in the pack'),
    files: z.array(repoPath).min(1).describe('files a good pack contains (recall is measured on these)'),
    proofChains: z.array(z.strictObject({
      kind: z.enum(CHAIN_KINDS),
      through: z.array(z.string().min(1)).optional().describe('hop names the chain must pass through'),
    })).optional().describe('proof chains the pack must carry: a complete chain whose every hop file is in the pack'),
  }),
});

export const evalTaskFileSchema = z.strictObject({
  version: z.literal(1),
  description: z.string().max(2000).optional(),
  tasks: z.array(evalTaskSchema).min(1).max(1000),
}).superRefine((file, ctx) => {
  const seen = new Set<string>();
  for (const [i, task] of file.tasks.entries()) {
    if (seen.has(task.id)) ctx.addIssue({ code: 'custom', path: ['tasks', i, 'id'], message: `duplicate task id ${task.id}` });
    seen.add(task.id);
  }
});

export type EvalTask = z.infer<typeof evalTaskSchema>;
export type EvalTaskFile = z.infer<typeof evalTaskFileSchema>;

/** Reads and validates a task file; errors name the field and the problem. */
export function readTaskFile(path: string): EvalTaskFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new AppError('INVALID_ARGS', { message: `Cannot read the task file ${path}: ${(error as Error).message}`, cause: error });
  }
  const parsed = evalTaskFileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new AppError('INVALID_ARGS', { message: `Invalid task file ${path}: ${problems.slice(0, 5).join('; ')}`, details: { problems } });
  }
  return parsed.data;
}
