import { DEFAULT_CLOSURE_BUDGET, type ClosureBudget } from '../closure/closure.js';
import { DEFAULT_FILE_BUDGET, type FileBudget } from '../rank/file-budget.js';
import { DEFAULT_RANK_CONFIG, type RankConfig } from '../rank/rank.config.js';

/** Every bound of one pack assembly (all configurable; the pack records what each one cut). */
export interface AssemblyBudgets {
  files: FileBudget;
  closure: ClosureBudget;
  rank: RankConfig;
  /** Anchors kept per role (entrypoint, definition). */
  anchorsPerRole: number;
  /** After the first entrypoint, entrypoints come only from files scoring at least this share of the best file. */
  anchorMinShareOfTop: number;
  /** Places in the pack for files closure reached from the top files, even when the ranking cut them. */
  closureReserve: number;
  /** Hits read per full-text index by the lexical lane. */
  lexicalPerIndex: number;
  /** Rows per branch of the symbol lane. */
  symbolLimit: number;
  /** Files whose details (hash, size, in-degree, symbols) are read per ranking round. */
  detailFiles: number;
  /** Top-level symbols recorded per evidence file. */
  symbolsPerFile: number;
  /** Snippet refs in the evidence section. */
  maxSnippets: number;
}

export const DEFAULT_ASSEMBLY_BUDGETS: AssemblyBudgets = {
  files: DEFAULT_FILE_BUDGET,
  closure: DEFAULT_CLOSURE_BUDGET,
  rank: DEFAULT_RANK_CONFIG,
  anchorsPerRole: 5,
  anchorMinShareOfTop: 0.5,
  closureReserve: 8,
  lexicalPerIndex: 40,
  symbolLimit: 60,
  detailFiles: 80,
  symbolsPerFile: 20,
  maxSnippets: 24,
};

/** Defaults with a partial override (nested budgets merge one level deep). */
export function resolveBudgets(partial: Partial<AssemblyBudgets> = {}): AssemblyBudgets {
  return {
    ...DEFAULT_ASSEMBLY_BUDGETS,
    ...partial,
    files: { ...DEFAULT_ASSEMBLY_BUDGETS.files, ...partial.files },
    closure: { ...DEFAULT_ASSEMBLY_BUDGETS.closure, ...partial.closure },
    rank: { ...DEFAULT_ASSEMBLY_BUDGETS.rank, ...partial.rank },
  };
}
