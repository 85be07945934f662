import { z } from 'zod';
import { AppError } from '../../errors/index.js';
import { replaceLexemeParams } from './replace-lexeme.recipe.js';

/** Parameters of `run_targeted_validation`: a configured gate step, optionally narrowed to one repo path. */
export const targetedValidationParams = z.strictObject({
  step: z.string().min(1).max(64).regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/).describe('name of a configured gate step'),
  target: z.string().min(1).max(1024).optional().describe('repo-relative path appended to the step (never an option)'),
});

/** The built-in recipes and their parameter schemas (no arbitrary command lines, ever). */
export const RECIPE_PARAMS = {
  replace_lexeme_in_file: replaceLexemeParams,
  run_targeted_validation: targetedValidationParams,
} as const;

export type RecipeId = keyof typeof RECIPE_PARAMS;

/** Validates a recipe id against the built-ins and the repository's `recipes.enabled`, and its params with the recipe's zod schema. */
export function parseRecipe(recipeId: string, params: unknown, enabled: readonly string[]): { recipeId: RecipeId; params: Record<string, unknown> } {
  if (!Object.hasOwn(RECIPE_PARAMS, recipeId)) {
    throw new AppError('INVALID_ARGS', { message: `Unknown recipe ${recipeId}; built-ins: ${Object.keys(RECIPE_PARAMS).join(', ')}.`, details: { recipeId } });
  }
  if (!enabled.includes(recipeId)) throw new AppError('INVALID_ARGS', { message: `Recipe ${recipeId} is not enabled for this repository (recipes.enabled).`, details: { recipeId } });
  const parsed = RECIPE_PARAMS[recipeId as RecipeId].safeParse(params ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => ({ path: ['params', ...i.path.map(String)].join('.'), message: i.message }));
    throw new AppError('INVALID_ARGS', { message: `Invalid params for ${recipeId}: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`, details: { recipeId, problems } });
  }
  return { recipeId: recipeId as RecipeId, params: parsed.data };
}
