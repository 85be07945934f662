import { codexTable, serverEntry, type ClientFormat, type LaunchEntry } from '../mcp/client-config.js';
import { BLOCK_END, BLOCK_START, INSTRUCTIONS_BLOCK } from './agent-instructions.js';

/** The new text of a file, or why it cannot be changed without overwriting a person's edits. */
export type Edit = { text: string } | { conflict: string };

const lines = (s: string): string[] => s.replace(/\n$/, '').split('\n');

/** A minimal diff for a refusal: the lines that would go and the lines that would come. */
export function lineDiff(before: string, after: string): string {
  const a = lines(before);
  const b = lines(after);
  return [...a.filter((l) => !b.includes(l)).map((l) => `- ${l}`), ...b.filter((l) => !a.includes(l)).map((l) => `+ ${l}`)].join('\n');
}

/** Adds (or keeps) the graphgate server entry of a JSON client file; a different entry is a conflict. */
export function jsonEntryEdit(before: string | null, format: Extract<ClientFormat, { kind: 'json' }>, launch: LaunchEntry, force = false): Edit {
  let doc: Record<string, unknown> = {};
  if (before !== null && before.trim() !== '') {
    try {
      doc = JSON.parse(before) as Record<string, unknown>;
    } catch {
      return { conflict: 'not plain JSON (comments or a syntax error): add the entry by hand (graphgate mcp --print-config)' };
    }
    if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return { conflict: 'its top level is not a JSON object' };
  }
  const servers = (doc[format.key] ?? {}) as Record<string, unknown>;
  if (typeof servers !== 'object' || Array.isArray(servers)) return { conflict: `"${format.key}" is not an object` };
  const wanted = serverEntry(format, launch);
  const existing = servers.graphgate;
  if (existing !== undefined) {
    if (JSON.stringify(existing) === JSON.stringify(wanted)) return { text: before as string };
    if (!force) return { conflict: `it already has a different graphgate entry:\n${lineDiff(JSON.stringify(existing, null, 2), JSON.stringify(wanted, null, 2))}` };
  }
  return { text: `${JSON.stringify({ ...doc, [format.key]: { ...servers, graphgate: wanted } }, null, 2)}\n` };
}

/** Appends Codex's `[mcp_servers.graphgate]` table, or keeps an equal one. */
export function codexEdit(before: string | null, launch: LaunchEntry, force = false): Edit {
  const table = codexTable(launch);
  const text = before ?? '';
  const at = text.search(/^\[mcp_servers\.graphgate\]\s*$/m);
  if (at < 0) return { text: `${text}${text && !text.endsWith('\n') ? '\n' : ''}${text ? '\n' : ''}${table}` };
  const rest = text.slice(at);
  const next = rest.slice(1).search(/^\[/m);
  const existing = next < 0 ? rest : rest.slice(0, next + 1);
  if (existing.trim() === table.trim()) return { text };
  if (force) return { text: `${text.slice(0, at)}${table}${next < 0 ? '' : `\n${rest.slice(next + 1)}`}` };
  return { conflict: `it already has a different [mcp_servers.graphgate] table:\n${lineDiff(existing, table)}` };
}

/** Adds graphgate's marked block to an instructions file, or keeps it; a block someone edited is a conflict. */
export function instructionsEdit(before: string | null, force = false): Edit {
  const text = before ?? '';
  const start = text.indexOf(BLOCK_START);
  if (start < 0) return { text: `${text}${text && !text.endsWith('\n') ? '\n' : ''}${text ? '\n' : ''}${INSTRUCTIONS_BLOCK}` };
  const end = text.indexOf(BLOCK_END, start);
  if (end < 0) return { conflict: 'graphgate\'s start marker has no end marker' };
  const existing = text.slice(start, end + BLOCK_END.length);
  if (`${existing}\n` === INSTRUCTIONS_BLOCK) return { text };
  if (force) return { text: `${text.slice(0, start)}${INSTRUCTIONS_BLOCK.slice(0, -1)}${text.slice(end + BLOCK_END.length)}` };
  return { conflict: `graphgate's block was edited:\n${lineDiff(existing, INSTRUCTIONS_BLOCK)}` };
}

/** Adds the lines graphgate needs ignored (`.ai/tmp/`, `.worktrees/`) unless already there. */
export function gitignoreEdit(before: string | null, entries: string[]): Edit {
  const text = before ?? '';
  const present = new Set(lines(text).map((l) => l.trim().replace(/^\//, '')));
  const missing = entries.filter((e) => !present.has(e) && !present.has(e.replace(/\/$/, '')));
  if (missing.length === 0) return { text };
  return { text: `${text}${text && !text.endsWith('\n') ? '\n' : ''}# graphgate: work folders and scratch files\n${missing.join('\n')}\n` };
}
