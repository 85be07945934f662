import { createHash } from 'node:crypto';
import { lstatSync, readFileSync } from 'node:fs';
import { redactSecrets } from '../../execution/artifacts/redact-secrets.js';
import { realRoot, resolveExisting } from '../../paths/index.js';
import type { ContextPack } from '../pack/pack-contract.schema.js';

type Snippet = ContextPack['evidence']['snippets'][number];

/** How much text a snippet may carry; the pack file stays small and the agent reads the rest with read_file_lines. */
export interface SnippetTextBudget {
  /** Lines shown before the ref's first line and after its last. */
  contextLines: number;
  /** Lines of the ref itself shown at most (a long class shows its head). */
  maxRefLines: number;
  /** Characters per snippet text (cut on a line boundary, with a marker). */
  maxChars: number;
  /** Characters per line. */
  maxLineChars: number;
  /** Files larger than this are not read (ingestion does not parse them either). */
  maxFileBytes: number;
}

export const DEFAULT_SNIPPET_TEXT_BUDGET: SnippetTextBudget = { contextLines: 2, maxRefLines: 30, maxChars: 2_000, maxLineChars: 240, maxFileBytes: 2 * 1024 * 1024 };

/**
 * The text of a snippet: the ref's lines (its head when long) with a few lines of context, each
 * prefixed with its line number, secrets redacted (`redactSecrets`), bounded in lines and characters.
 * Pure: `lines` is the file split on newlines.
 */
export function snippetText(lines: readonly string[], startLine: number, endLine: number, budget: SnippetTextBudget = DEFAULT_SNIPPET_TEXT_BUDGET): string {
  const first = Math.max(1, startLine - budget.contextLines);
  const refEnd = Math.min(endLine, startLine + budget.maxRefLines - 1);
  const last = Math.min(lines.length, refEnd + budget.contextLines);
  const width = String(last).length;
  const out: string[] = [];
  let chars = 0;
  for (let n = first; n <= last; n++) {
    const raw = (lines[n - 1] ?? '').replace(/\r$/, '');
    const line = `${String(n).padStart(width)}| ${raw.length > budget.maxLineChars ? `${raw.slice(0, budget.maxLineChars - 1)}…` : raw}`;
    if (chars + line.length + 1 > budget.maxChars) {
      out.push(`${' '.repeat(width)}| … (cut; read_file_lines from line ${n})`);
      break;
    }
    out.push(line);
    chars += line.length + 1;
  }
  if (out.length > 0 && endLine > refEnd && !out[out.length - 1]!.includes('(cut;')) out.push(`${' '.repeat(width)}| … (${endLine - refEnd} more lines to ${endLine})`);
  return redactSecrets(out.join('\n'));
}

/**
 * Adds the text to the evidence snippets, read from the repository under `root` (symlinks leaving
 * the root are refused). A file is used only when its bytes still hash to the SHA-256 the graph
 * recorded, so the text is the snapshot's text; a changed, missing, binary or oversized file
 * leaves its snippets as refs (the agent reads them with read_file_lines). Never throws.
 */
export async function withSnippetText(root: string, snippets: readonly Snippet[], sha256ByPath: ReadonlyMap<string, string>, budget: SnippetTextBudget = DEFAULT_SNIPPET_TEXT_BUDGET): Promise<Snippet[]> {
  if (!root || snippets.length === 0) return [...snippets];
  let rootReal: string;
  try {
    rootReal = await realRoot(root);
  } catch {
    return [...snippets];
  }
  const files = new Map<string, Promise<string[] | null>>();
  const linesOf = (path: string): Promise<string[] | null> => {
    let pending = files.get(path);
    if (!pending) {
      pending = readVerified(rootReal, path, sha256ByPath.get(path), budget.maxFileBytes);
      files.set(path, pending);
    }
    return pending;
  };
  return Promise.all(snippets.map(async (s) => {
    const lines = await linesOf(s.path);
    return lines ? { ...s, text: snippetText(lines, s.startLine, s.endLine, budget) } : { ...s };
  }));
}

async function readVerified(rootReal: string, path: string, sha256: string | undefined, maxBytes: number): Promise<string[] | null> {
  if (!sha256) return null;
  try {
    const resolved = await resolveExisting(rootReal, path);
    // Synchronous reads: one small file each, a fraction of the CPU of fs/promises (src/paths/safe-fs.ts).
    const info = lstatSync(resolved.absolute);
    if (!info.isFile() || info.size > maxBytes) return null;
    const bytes = readFileSync(resolved.absolute);
    if (createHash('sha256').update(bytes).digest('hex') !== sha256.replace(/^sha256:/, '')) return null;
    if (bytes.subarray(0, 8000).includes(0)) return null;
    return bytes.toString('utf8').split('\n');
  } catch {
    return null;
  }
}
