import { loadQuery } from '../../graph/index.js';

type Scope = { repoId: string; workId: string };

/** A recipe_usage event as stored (primitives only). */
export interface RecipeUsageProps {
  id: string; nodeId: string; agentId: string; runSessionId: string | null; recipeId: string; paramsHash: string;
  outcome: 'succeeded' | 'failed' | 'denied'; errorCode: string | null; startedAt: string; finishedAt: string; durationMs: number; resultJson: string | null;
  [key: string]: unknown;
}

export const recordRecipeUsage = loadQuery<Scope & { event: RecipeUsageProps }, { id: string }>('execution/recipe-record-usage.cypher');
export const listRecipeUsages = loadQuery<Scope, { event: RecipeUsageProps & { type: string } }>('execution/recipe-list-usages.cypher');
