import type { ContextPack } from './pack-contract.schema.js';
import type { Lane } from '../rank/candidate.model.js';

type PackFile = ContextPack['evidence']['files'][number];
type Snippet = ContextPack['evidence']['snippets'][number];

/** One letter per lane (lowercase) and per anchor role (uppercase): the reason code of a citation. */
export const LANE_CODES: Readonly<Record<Lane, string>> = {
  lexical: 'l', symbol: 's', policy: 'p', artifact: 'a', memory: 'm', closure: 'c', content: 't', fielded: 'f', history: 'h', uitext: 'u',
};
export const ROLE_CODES = { entrypoint: 'E', definition: 'D', chain: 'P' } as const;

/** What the model reads once to decode every citation; kept short because it is in every pack answer. */
export const CITATION_LEGEND =
  'files: "path[:start[-end]] codes score [symbol]", best first. codes: E entrypoint, D definition, P proof-chain hop; lanes l lexical, s symbol, t content, f fielded, h history, u ui text, c closure, p policy, m memory, a artifact; - none';

/** How much of a file's reasons a citation carries (the summary lowers it to fit its budget). */
export interface ReasonDetail {
  /** Lane letters kept (roles are always kept). */
  lanes: number;
  /** Whether the symbol at the cited lines is named. */
  name: boolean;
}
export const FULL_REASONS: ReasonDetail = { lanes: Object.keys(LANE_CODES).length, name: true };

/** The best line range the pack knows for one file, and the symbol there. */
export interface FileRange {
  start?: number;
  end?: number;
  name?: string;
  /** The snippet whose lines these are, when the range comes from one. */
  snippet?: Snippet;
}

/** Per file: its roles and best range (the snippet holding its top anchor, else its first snippet, else the line of its anchor, first symbol or proof-chain hop; else the whole file). */
export interface CitationIndex {
  roles: Map<string, string>;
  ranges: Map<string, FileRange>;
}

export function citationIndex(pack: ContextPack): CitationIndex {
  const roles = new Map<string, Set<string>>();
  const hopLine = new Map<string, number>();
  const role = (path: string | undefined, code: string): void => {
    if (!path) return;
    const set = roles.get(path) ?? new Set<string>();
    set.add(code);
    roles.set(path, set);
  };
  for (const a of pack.anchors.entrypoints) role(a.path, ROLE_CODES.entrypoint);
  for (const a of pack.anchors.definitions) role(a.path, ROLE_CODES.definition);
  for (const c of pack.anchors.proofChains) {
    for (const h of c.hops) {
      role(h.path, ROLE_CODES.chain);
      if (h.path && h.line !== undefined && !hopLine.has(h.path)) hopLine.set(h.path, h.line);
    }
  }

  // The strongest anchor per file.
  const anchorOf = new Map<string, { line?: number; name?: string; score: number }>();
  for (const a of [...pack.anchors.entrypoints, ...pack.anchors.definitions]) {
    const had = anchorOf.get(a.path);
    if (!had || a.score > had.score) anchorOf.set(a.path, { score: a.score, ...(a.line !== undefined ? { line: a.line } : {}), ...(a.name ? { name: a.name } : {}) });
  }
  const snippetsOf = new Map<string, Snippet[]>();
  for (const s of pack.evidence.snippets) {
    const list = snippetsOf.get(s.path);
    if (list) list.push(s);
    else snippetsOf.set(s.path, [s]);
  }
  const firstSymbol = new Map<string, { line?: number; name: string }>();
  for (const s of pack.evidence.symbols) {
    const had = firstSymbol.get(s.path);
    if (!had || (s.line ?? Infinity) < (had.line ?? Infinity)) firstSymbol.set(s.path, { name: s.name, ...(s.line !== undefined ? { line: s.line } : {}) });
  }

  const ranges = new Map<string, FileRange>();
  for (const f of pack.evidence.files) {
    const anchor = anchorOf.get(f.path);
    const snippets = [...(snippetsOf.get(f.path) ?? [])].sort((a, b) => a.startLine - b.startLine || a.endLine - b.endLine);
    const line = anchor?.line;
    const snippet = (line !== undefined ? snippets.find((s) => s.startLine <= line && line <= s.endLine) : undefined) ?? snippets[0];
    const symbol = firstSymbol.get(f.path);
    // The anchor names the range when its line is in it; else the symbol declared there.
    const anchorInRange = anchor?.name && (!snippet || line === undefined || (snippet.startLine <= line && line <= snippet.endLine));
    const name = anchorInRange ? anchor?.name : snippet ? symbolAt(pack, f.path, snippet.startLine, snippet.endLine) : symbol?.name;
    if (snippet) ranges.set(f.path, { start: snippet.startLine, end: snippet.endLine, snippet, ...(name ? { name } : {}) });
    else if (line !== undefined) ranges.set(f.path, { start: line, ...(name ? { name } : {}) });
    else if (symbol?.line !== undefined) ranges.set(f.path, { start: symbol.line, name: symbol.name });
    else if (hopLine.has(f.path)) ranges.set(f.path, { start: hopLine.get(f.path) as number, ...(name ? { name } : {}) });
    else ranges.set(f.path, name ? { name } : {});
  }
  return { roles: new Map([...roles].map(([p, set]) => [p, [...set].sort().join('')])), ranges };
}

function symbolAt(pack: ContextPack, path: string, start: number, end: number): string | undefined {
  return pack.evidence.symbols.find((s) => s.path === path && s.line !== undefined && s.line >= start && s.line <= end)?.name;
}

/** `path:start-end` (a single line as `path:line`, the whole file as `path`). */
export function lineRef(path: string, range: Pick<FileRange, 'start' | 'end'>): string {
  if (range.start === undefined) return path;
  return range.end === undefined || range.end === range.start ? `${path}:${range.start}` : `${path}:${range.start}-${range.end}`;
}

/** A score as at most two decimals, without trailing zeros. */
export const score2 = (n: number): string => String(Number.isFinite(n) ? Math.round(n * 100) / 100 : 0);

/** Names go into a space-separated line: whitespace would break parsing, so it is squeezed out. */
const token = (s: string, max: number): string => {
  const t = s.replace(/\s+/g, '_');
  return t.length > max ? `${t.slice(0, Math.max(0, max - 1))}…` : t;
};

/** One ranked file as its citation: `path:start-end codes score [symbol]`, e.g. `src/a.component.ts:12-40 Est 0.83 AComponent`. */
export function citeFile(f: PackFile, index: CitationIndex, detail: ReasonDetail, maxPath = 1000): string {
  const range = index.ranges.get(f.path) ?? {};
  const lanes = f.lanes.slice(0, detail.lanes).map((l) => LANE_CODES[l]).join('');
  const codes = `${index.roles.get(f.path) ?? ''}${lanes}` || '-';
  const path = f.path.length > maxPath ? `${f.path.slice(0, maxPath - 1)}…` : f.path;
  const name = detail.name && range.name ? ` ${token(range.name, 80)}` : '';
  return `${lineRef(path, range)} ${codes} ${score2(f.score)}${name}`;
}

/** A citation read back (for tests, the bench and any client that wants the parts). */
export interface ParsedCitation {
  path: string;
  start?: number;
  end?: number;
  codes: string;
  score: number;
  name?: string;
}

// The path may hold spaces, so the fixed-shape tail (codes, score, optional name) is matched from the end.
const CITATION = /^(.+?)(?::(\d+)(?:-(\d+))?)? ([A-Z]+[a-z]*|[a-z]+|-) (-?\d+(?:\.\d+)?)(?: (\S+))?$/;

export function parseCitation(citation: string): ParsedCitation | null {
  const m = CITATION.exec(citation);
  if (!m) return null;
  const [, path, start, end, codes, score, name] = m;
  return {
    path: path as string, codes: codes as string, score: Number(score),
    ...(start !== undefined ? { start: Number(start) } : {}), ...(end !== undefined ? { end: Number(end) } : start !== undefined ? { end: Number(start) } : {}),
    ...(name !== undefined ? { name } : {}),
  };
}
