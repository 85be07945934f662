/**
 * Pure path rules (no filesystem access): turn untrusted input into a canonical repo-relative POSIX
 * path, or say precisely why it is refused. The filesystem half (realpath, no-follow writes) is in
 * safe-fs.ts and always runs these checks first.
 */

/** Why a path was refused; stable strings that tests and deny details rely on. */
export type PathRejection =
  | 'not_a_string'
  | 'empty'
  | 'too_long'
  | 'nul_byte'
  | 'control_character'
  | 'invisible_character'
  | 'malformed_unicode'
  | 'backslash'
  | 'absolute'
  | 'drive_letter'
  | 'url_encoded'
  | 'traversal'
  | 'outside_root';

export type PathCheck = { ok: true; path: string } | { ok: false; reason: PathRejection };

export interface RepoPathOptions {
  /** Longest accepted input, in UTF-16 units (default 1024). */
  maxLength?: number;
}

// C0/C1 controls and DEL.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// Zero-width characters, bidi embeddings/overrides/isolates, BOM: invisible tricks in a file name.
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// Percent-encodings of '.', '/', '\', NUL and '%' itself (double encoding), in any case.
const ENCODED = /%(?:2e|2f|5c|00|25)/i;

/**
 * Canonicalises an untrusted repo-relative path: POSIX separators only, no absolute or drive paths,
 * no `..`, no NUL/control/invisible characters, no percent-encoded separators or dots. `.` segments
 * and repeated slashes collapse. The result never starts with `/` and never contains `..`.
 */
export function canonicalRepoPath(input: unknown, options: RepoPathOptions = {}): PathCheck {
  if (typeof input !== 'string') return { ok: false, reason: 'not_a_string' };
  if (input.trim() === '') return { ok: false, reason: 'empty' };
  if (input.length > (options.maxLength ?? 1024)) return { ok: false, reason: 'too_long' };
  if (input.includes('\u0000')) return { ok: false, reason: 'nul_byte' };
  if (CONTROL.test(input)) return { ok: false, reason: 'control_character' };
  if (LONE_SURROGATE.test(input)) return { ok: false, reason: 'malformed_unicode' };
  if (INVISIBLE.test(input)) return { ok: false, reason: 'invisible_character' };
  if (input.includes('\\')) return { ok: false, reason: 'backslash' };
  if (/^[A-Za-z]:/.test(input)) return { ok: false, reason: 'drive_letter' };
  if (input.startsWith('/') || input.startsWith('~')) return { ok: false, reason: 'absolute' };
  if (ENCODED.test(input)) return { ok: false, reason: 'url_encoded' };
  const segments: string[] = [];
  for (const segment of input.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') return { ok: false, reason: 'traversal' };
    if (segment.trim() === '') return { ok: false, reason: 'empty' };
    segments.push(segment);
  }
  if (segments.length === 0) return { ok: false, reason: 'empty' };
  const path = segments.join('/');
  // `./C:/x` or `./~/x` must not canonicalise into something the checks above would refuse.
  if (/^[A-Za-z]:/.test(path)) return { ok: false, reason: 'drive_letter' };
  if (path.startsWith('~')) return { ok: false, reason: 'absolute' };
  return { ok: true, path };
}

/**
 * Separator-aware containment of two absolute, already-resolved POSIX paths: `/repo` contains
 * `/repo` and `/repo/a`, never `/repo-evil` or `/repo/../x` (callers pass resolved paths).
 */
export function isWithin(root: string, candidate: string): boolean {
  const base = root.length > 1 && root.endsWith('/') ? root.slice(0, -1) : root;
  if (candidate === base) return true;
  const prefix = base === '/' ? '/' : `${base}/`;
  return candidate.startsWith(prefix);
}

/** The repo-relative POSIX path of `candidate` under `root`, or undefined when it is outside. */
export function relativeWithin(root: string, candidate: string): string | undefined {
  if (!isWithin(root, candidate)) return undefined;
  const base = root.length > 1 && root.endsWith('/') ? root.slice(0, -1) : root;
  if (candidate === base) return '';
  return candidate.slice(base === '/' ? 1 : base.length + 1);
}

/** Human-readable explanation of a rejection reason, for deny messages. */
export function describeRejection(reason: PathRejection): string {
  const text: Record<PathRejection, string> = {
    not_a_string: 'the path must be a string',
    empty: 'the path is empty or has an empty segment',
    too_long: 'the path is too long',
    nul_byte: 'the path contains a NUL byte',
    control_character: 'the path contains a control character',
    invisible_character: 'the path contains a zero-width or bidi-control character',
    malformed_unicode: 'the path contains a lone surrogate',
    backslash: 'use forward slashes; backslashes are not accepted',
    absolute: 'the path must be relative to the repository root',
    drive_letter: 'drive-letter paths are not accepted',
    url_encoded: 'percent-encoded dots, slashes or percent signs are not accepted',
    traversal: '`..` segments are not accepted',
    outside_root: 'the path resolves outside the allowed root',
  };
  return text[reason];
}
