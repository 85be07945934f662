import { canonicalRepoPath } from '../../paths/index.js';
import type { CodeEvidence, RequirementCitation } from '../schema/fields.schema.js';

/**
 * The distinct-source definition (`canonical_source`), shared by the evidence check and its tests:
 * - code evidence is identified by its file, canonicalised (`./a.ts`, `a.ts` and `src//../a.ts`-free
 *   spellings collapse); line ranges and symbols never make a second source;
 * - a citation of a repository document or API spec whose ref is a repo path is identified by that
 *   file too, so a doc cited as requirement and as code evidence is still one source;
 * - any other citation is identified by its source type plus its locator, with a `#fragment`, a
 *   `:line` / `:Lstart-end` suffix and surrounding case differences removed.
 * References that cannot be canonicalised identify nothing and count for nothing.
 */

const LINE_SUFFIX = /(?::L?\d+(?:-L?\d+)?)+$/i;

function stripLocator(ref: string): string {
  const hash = ref.indexOf('#');
  const base = hash === -1 ? ref : ref.slice(0, hash);
  return base.replace(LINE_SUFFIX, '');
}

/** Canonical `file:<path>` identity of a repo path, or null when it is not a valid repo path. */
export function fileIdentity(path: string): string | null {
  const check = canonicalRepoPath(stripLocator(path));
  return check.ok ? `file:${check.path}` : null;
}

/** Identity of one code-evidence entry. */
export function codeEvidenceIdentity(evidence: CodeEvidence): string | null {
  return fileIdentity(evidence.file);
}

/** Identity of one requirement citation. */
export function citationIdentity(citation: RequirementCitation): string | null {
  if (citation.sourceType === 'doc' || citation.sourceType === 'api_spec') {
    const asFile = fileIdentity(citation.ref);
    if (asFile) return asFile;
  }
  if (citation.sourceType === 'prompt') return 'prompt:';
  const locator = stripLocator(citation.ref).trim().toLowerCase();
  return locator === '' ? null : `${citation.sourceType}:${locator}`;
}

/** Identity of a policy reference (policy ids are case-insensitive). */
export function policyIdentity(ref: string): string {
  return `policy:${ref.trim().toLowerCase()}`;
}

/** The number of distinct identities among `identities`, ignoring nulls. */
export function distinctCount(identities: ReadonlyArray<string | null>): number {
  return new Set(identities.filter((i): i is string => i !== null)).size;
}
