import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRecipe } from '../../../src/execution/recipes/recipe-catalog.js';
import { replaceLexeme } from '../../../src/execution/recipes/replace-lexeme.recipe.js';

const ENABLED = ['replace_lexeme_in_file', 'run_targeted_validation'];

describe('replaceLexeme', () => {
  it.each([
    ['<adp-button></adp-button>', 'adp-button', 'sdf-button', '<sdf-button></sdf-button>', 2],
    ['<adp-button-group><adp-button/></adp-button-group>', 'adp-button', 'sdf-button', '<adp-button-group><sdf-button/></adp-button-group>', 1],
    ['statusRenderer: x, "statusRenderer", statusRenderers', 'statusRenderer', 'orderStatus', 'orderStatus: x, "orderStatus", statusRenderers', 2],
    ['$scope.a; my$scope', '$scope', 'ctx', 'ctx.a; my$scope', 1],
    ['nothing here', 'absent', 'x', 'nothing here', 0],
  ])('replaces whole lexemes in %j', (text, from, to, expected, count) => {
    expect(replaceLexeme(text, from, to)).toEqual({ text: expected, count });
  });

  it('is the identity when from equals to, and never changes text without the lexeme', () => {
    fc.assert(fc.property(fc.string(), (text) => {
      expect(replaceLexeme(text, 'zzLexeme', 'zzLexeme').text).toBe(text);
      if (!text.includes('qqMarker')) expect(replaceLexeme(text, 'qqMarker', 'x')).toEqual({ text, count: 0 });
    }));
  });
});

describe('parseRecipe', () => {
  it('accepts the built-ins with valid params', () => {
    expect(parseRecipe('replace_lexeme_in_file', { file: 'src/a.ts', from: 'adp-chip', to: 'sdf-chip' }, ENABLED).recipeId).toBe('replace_lexeme_in_file');
    expect(parseRecipe('run_targeted_validation', { step: 'unit-orders' }, ENABLED).params).toEqual({ step: 'unit-orders' });
  });

  it.each([
    ['an unknown recipe', 'rm_everything', {}, ENABLED],
    ['a recipe not enabled for the repository', 'run_targeted_validation', { step: 'x' }, ['replace_lexeme_in_file']],
    ['unknown params (no command lines)', 'run_targeted_validation', { step: 'x', cmd: ['sh', '-c', 'x'] }, ENABLED],
    ['a lexeme with spaces or regex', 'replace_lexeme_in_file', { file: 'a.ts', from: 'a.*b', to: 'c' }, ENABLED],
    ['a missing param', 'replace_lexeme_in_file', { file: 'a.ts', from: 'a' }, ENABLED],
    ['a prototype key as recipe id', '__proto__', {}, ENABLED],
  ])('refuses %s with INVALID_ARGS', (_n, id, params, enabled) => {
    expect(() => parseRecipe(id, params, enabled)).toThrowError(expect.objectContaining({ code: 'INVALID_ARGS' }));
  });
});
