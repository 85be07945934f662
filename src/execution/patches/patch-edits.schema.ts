import { z } from 'zod';

const replaceTextEdit = z.strictObject({
  type: z.literal('replace_text').describe('replace exact text'),
  oldText: z.string().min(1).max(50_000).describe('the exact current text; it must match exactly once unless occurrence or lineRange says which'),
  newText: z.string().max(50_000).describe('the replacement text'),
  occurrence: z.number().int().min(1).max(10_000).optional().describe('1-based occurrence to replace when oldText matches several times'),
  lineRange: z.strictObject({
    start: z.number().int().min(1).max(10_000_000).describe('first line (1-based) the match may start on'),
    end: z.number().int().min(1).max(10_000_000).describe('last line (inclusive) the match may end on'),
  }).refine((r) => r.end >= r.start, 'end must be ≥ start').optional().describe('restrict matching to these lines'),
});

const astCodemodEdit = z.strictObject({
  type: z.literal('ast_codemod').describe('run a named codemod'),
  codemod: z.string().min(1).max(64).describe('codemod id (listAstCodemods: rename_identifier_in_file, update_import_specifier, update_route_path_literal, rewrite_template_tag, or a registered custom one)'),
  params: z.record(z.string(), z.unknown()).describe('the codemod parameters (validated by its own schema)'),
});

/** One structured edit of `apply_code_patch`. */
export const patchEdit = z.discriminatedUnion('type', [replaceTextEdit, astCodemodEdit]);
export type PatchEdit = z.output<typeof patchEdit>;

/** The arguments of `apply_code_patch`. */
export const applyCodePatchArgs = z.strictObject({
  planNodeId: z.string().min(1).max(128).describe('the accepted change node of this work that this patch executes'),
  targetFile: z.string().min(1).max(1024).describe("repo-relative path of the node's target file (must be in the pack)"),
  edits: z.array(patchEdit).min(1).max(100).describe('structured edits applied in order (replace_text or ast_codemod)'),
  operationId: z.string().min(8).max(128).regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : - only').optional()
    .describe('idempotency key: a retry with the same id returns the recorded result and never applies twice'),
});
export type ApplyCodePatchArgs = z.output<typeof applyCodePatchArgs>;
