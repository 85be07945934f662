import { z } from 'zod';
import { AppError } from '../../errors/index.js';
import type { CodemodDefinition } from './codemod.types.js';
import { renameIdentifierInFile } from './rename-identifier.codemod.js';
import { rewriteTemplateTag } from './rewrite-template-tag.codemod.js';
import { updateImportSpecifier } from './update-import-specifier.codemod.js';
import { updateRoutePathLiteral } from './update-route-path.codemod.js';

/** The four built-in codemods, in catalog order. */
export const BUILT_IN_CODEMODS: readonly CodemodDefinition[] = [renameIdentifierInFile, updateImportSpecifier, updateRoutePathLiteral, rewriteTemplateTag];

/** What `listAstCodemods()` returns for each codemod. */
export interface CodemodInfo {
  id: string;
  description: string;
  builtIn: boolean;
  extensions: readonly string[];
  /** The parameter schema as JSON Schema (what an agent fills in). */
  params: unknown;
}

const ID = /^[a-z][a-z0-9_]{2,63}$/;

/** The codemods `apply_code_patch` can run: the built-ins plus validated custom ones. */
export class CodemodRegistry {
  private readonly byId = new Map<string, { def: CodemodDefinition; builtIn: boolean }>();

  constructor() {
    for (const def of BUILT_IN_CODEMODS) this.byId.set(def.id, { def, builtIn: true });
  }

  /** Adds a custom codemod; its id must be new and snake_case, and its params a zod object schema. */
  register(def: CodemodDefinition): void {
    if (!ID.test(def.id)) throw new AppError('INVALID_ARGS', { message: `Codemod id ${JSON.stringify(def.id)} must be snake_case (3–64 chars).` });
    if (this.byId.has(def.id)) throw new AppError('INVALID_ARGS', { message: `A codemod named ${def.id} is already registered.`, details: { id: def.id } });
    if (!(def.params instanceof z.ZodType)) throw new AppError('INVALID_ARGS', { message: `Codemod ${def.id} needs a zod parameter schema.` });
    if (typeof def.apply !== 'function' || def.extensions.length === 0) throw new AppError('INVALID_ARGS', { message: `Codemod ${def.id} needs apply() and at least one extension.` });
    this.byId.set(def.id, { def, builtIn: false });
  }

  get(id: string): CodemodDefinition | undefined {
    return this.byId.get(id)?.def;
  }

  /** Built-ins first, then custom codemods in registration order. */
  list(): CodemodInfo[] {
    return [...this.byId.values()].map(({ def, builtIn }) => ({
      id: def.id, description: def.description, builtIn, extensions: def.extensions, params: z.toJSONSchema(def.params, { unrepresentable: 'any' }),
    }));
  }
}

/** The process's registry (the one `apply_code_patch` uses). */
export const defaultCodemodRegistry = new CodemodRegistry();

/** Registers a custom codemod with a validated zod parameter schema on the process registry. */
export function registerCustomCodemod(def: CodemodDefinition, registry: CodemodRegistry = defaultCodemodRegistry): void {
  registry.register(def);
}

/** Every codemod `apply_code_patch` accepts: the four built-ins and the registered custom ones. */
export function listAstCodemods(registry: CodemodRegistry = defaultCodemodRegistry): CodemodInfo[] {
  return registry.list();
}
