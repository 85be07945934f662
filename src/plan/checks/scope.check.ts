import { resolvedPath, symbolKey } from '../facts/gather-facts.js';
import { nodePath, violation, type PlanViolation } from '../violation.js';
import { targetOf, type CheckInput, type PlanCheck } from './check.js';

const CODE = 'PLAN_SCOPE_VIOLATION';

/** Symbol names that name more than one symbol (globs, regex fragments, "all", ellipses). */
export function isWildcardSymbol(name: string): boolean {
  return /[*?[\]{}|^\s\\]|\.\.|^\.|\.$/.test(name) || /^(all|any|every|everything)$/i.test(name);
}

function insideFolder(path: string, folders: readonly string[]): boolean {
  const slash = path.lastIndexOf('/');
  const folder = slash === -1 ? '' : path.slice(0, slash);
  return folders.some((f) => f === folder || (f !== '' && folder.startsWith(`${f}/`)));
}

/**
 * Scope and safety: every planned path canonicalises (no absolute, `..`, NUL, drive-letter, encoded
 * or backslash paths) and, with a scope oracle, resolves inside the worktree after realpath; change
 * targets and evidence files are in the active pack (a create lands in a pack folder); target
 * symbols are concrete and exist in the snapshot unless the operation is create.
 */
export const scopeCheck: PlanCheck = {
  id: 'scope',
  summary: 'paths are canonical, inside the worktree and in the context pack; target symbols are concrete and exist',
  run({ facts, index }: CheckInput): PlanViolation[] {
    const out: PlanViolation[] = [];
    const createFolders = facts.activePack?.createFolders ?? [];
    for (const { node, index: i } of index.changes) {
      const id = node.nodeId;
      const target = targetOf(facts, node);
      let targetPath: string | null = null;
      if (!target.ok) {
        out.push(violation(CODE, nodePath(i, 'targetFile'), `targetFile is refused: ${target.detail}.`, 'Use the repo-relative POSIX path exactly as the context pack lists it.', id));
      } else if (facts.packFiles.has(target.path)) {
        targetPath = target.path;
      } else if (node.operation === 'create' && insideFolder(target.path, createFolders)) {
        targetPath = null;
      } else {
        const hint = node.operation === 'create'
          ? 'Create the file in a folder of the context pack, or escalate with scope_expand for the folder.'
          : 'Target a file listed in the context pack, or escalate with scope_expand to have it added.';
        out.push(violation(CODE, nodePath(i, 'targetFile'), `\`${target.path}\` is outside the context pack.`, hint, id));
      }
      node.targetSymbols.forEach((name, j) => {
        if (isWildcardSymbol(name)) {
          out.push(violation(CODE, nodePath(i, 'targetSymbols', j), `\`${name.slice(0, 80)}\` is a wildcard, not a symbol.`, 'List each symbol the edit touches by its exact name.', id));
        } else if (targetPath !== null && node.operation !== 'create' && !facts.symbols.has(symbolKey(targetPath, name))) {
          out.push(violation(CODE, nodePath(i, 'targetSymbols', j), `\`${name.slice(0, 80)}\` is not defined in \`${targetPath}\` in this snapshot.`, 'Use a symbol the pack shows in this file, or set operation to create if the edit adds it.', id));
        }
      });
      node.codeEvidence.forEach((evidence, j) => {
        const file = resolvedPath(facts, evidence.file, 'existing');
        if (!file.ok) out.push(violation(CODE, nodePath(i, 'codeEvidence', j, 'file'), `Evidence path is refused: ${file.detail}.`, 'Cite evidence by its repo-relative POSIX path from the context pack.', id));
        else if (!facts.packFiles.has(file.path)) out.push(violation(CODE, nodePath(i, 'codeEvidence', j, 'file'), `Evidence file \`${file.path}\` is outside the context pack.`, 'Cite only files of the context pack, or escalate to have the file added.', id));
      });
    }
    return out;
  },
};
