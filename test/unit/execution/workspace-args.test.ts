import { describe, expect, it } from 'vitest';
import { artifactDir } from '../../../src/execution/artifacts/artifact-writer.js';
import { stableJson } from '../../../src/execution/idempotency/operation-store.js';
import { applyCodePatchArgs } from '../../../src/execution/patches/patch-edits.schema.js';
import { requireNotOption } from '../../../src/execution/worktree/git-cli.js';
import { requireWorkId } from '../../../src/execution/worktree/workspace-manager.js';

describe('execution argument safety', () => {
  it('refuses git values that could become options and work ids that cannot name a folder', () => {
    expect(() => requireNotOption('--upload-pack=x', 'ref')).toThrow(/start with '-'/);
    expect(() => requireNotOption('', 'ref')).toThrow();
    expect(requireNotOption('main', 'ref')).toBe('main');
    for (const bad of ['-work', '../x', 'a/b', 'a..b', '.hidden', '']) expect(() => requireWorkId(bad), bad).toThrow();
    expect(requireWorkId('work-0a1b')).toBe('work-0a1b');
  });

  it('builds artifact folders from safe segments only', () => {
    expect(artifactDir('work-1', 'c-total')).toBe('.ai/tmp/work/work-1/artifacts/c-total');
    expect(() => artifactDir('work-1', '../../etc')).toThrow(/artifact folder/);
  });

  it('hashes arguments independently of key order', () => {
    expect(stableJson({ b: 1, a: [{ y: 2, x: 1 }] })).toBe(stableJson({ a: [{ x: 1, y: 2 }], b: 1 }));
  });

  it('accepts only the two edit shapes, strictly', () => {
    const base = { planNodeId: 'c1', targetFile: 'a.ts' };
    expect(applyCodePatchArgs.safeParse({ ...base, edits: [{ type: 'replace_text', oldText: 'a', newText: 'b' }] }).success).toBe(true);
    expect(applyCodePatchArgs.safeParse({ ...base, edits: [{ type: 'replace_text', oldText: 'a', newText: 'b', extra: 1 }] }).success).toBe(false);
    expect(applyCodePatchArgs.safeParse({ ...base, edits: [{ kind: 'replace_text' }] }).success).toBe(false);
    expect(applyCodePatchArgs.safeParse({ ...base, edits: [{ type: 'replace_text', oldText: 'a', newText: 'b', lineRange: { start: 5, end: 2 } }] }).success).toBe(false);
    expect(applyCodePatchArgs.safeParse({ ...base, operationId: 'bad id!', edits: [{ type: 'ast_codemod', codemod: 'x', params: {} }] }).success).toBe(false);
  });
});
