/** The budget view every envelope carries. */
export interface BudgetStatus {
  maxTokens: number;
  usedTokens: number;
  thresholdTokens: number;
  blocked: boolean;
}

/** Tokens a request costs: its serialized size / 4, rounded up (seed 000 "Budget"). */
export function estimateTokens(serializedBytes: number): number {
  return Math.max(1, Math.ceil(serializedBytes / 4));
}

/** The threshold after which only budget-safe verbs run. */
export function thresholdTokens(maxTokens: number, thresholdPercent: number): number {
  return Math.floor(maxTokens * thresholdPercent);
}

export function budgetStatus(maxTokens: number, usedTokens: number, threshold: number): BudgetStatus {
  return { maxTokens, usedTokens, thresholdTokens: threshold, blocked: usedTokens >= threshold };
}
