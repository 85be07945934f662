import type { Config } from '../config/index.js';
import { placeholderLexemes } from '../controller/verbs/initialize-work.verb.js';
import type { Graph } from '../graph/index.js';
import { PackStore } from '../pack/index.js';

/** What the harness gives the pack builder for one task. */
export interface EvalPackRequest {
  graph: Graph;
  repoId: string;
  repoRoot: string;
  config: Config;
  prompt: string;
  lexemes: string[];
}

/** What the harness needs back: the pack's files, in pack order, and whether the builder calls it sufficient. */
export interface EvalPack {
  /** Repo-relative paths of the files in the pack. */
  files: string[];
  /** The builder's own verdict (`initialize_work`'s `outcome`). */
  outcome: 'ok' | 'pack_insufficient';
  /** Which builder answered (recorded in the report, so runs of different builders are not compared blindly). */
  builder: string;
}

/**
 * THE one place the evaluation harness builds a pack. Today it runs the selection `initialize_work`
 * performs (src/controller/verbs/initialize-work.verb.ts: placeholder lexemes → PackStore
 * .selectByLexemes with `limits.packMaxFiles`), without creating a Work or writing a pack file, so an
 * evaluated repository is left untouched. When the real assembly lands (src/retrieval/assemble/),
 * switch this function to it and keep the return shape.
 */
export async function buildEvalPack(request: EvalPackRequest): Promise<EvalPack> {
  const lexemes = placeholderLexemes(request.prompt, request.lexemes);
  if (lexemes.length === 0) return { files: [], outcome: 'pack_insufficient', builder: 'initialize_work placeholder (lexeme CONTAINS on paths and symbol names)' };
  const store = new PackStore({ graph: request.graph, repoId: request.repoId, repoRoot: request.repoRoot });
  const selected = await store.selectByLexemes(lexemes, request.config.limits.packMaxFiles);
  const files = selected.map((s) => s.path);
  return {
    files,
    outcome: files.length === 0 ? 'pack_insufficient' : 'ok',
    builder: 'initialize_work placeholder (lexeme CONTAINS on paths and symbol names)',
  };
}
