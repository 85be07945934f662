import { SAFE_ID } from '../config/index.js';

// What a turn's log entry records from the raw request or from a verdict, read before (or without) validation.

/** The id a request names under `key`, when it is a safe id (the rest of the request may be invalid). */
export function salvageId(raw: unknown, key: string): string | null {
  const value = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' && SAFE_ID.test(value) ? value : null;
}

/** The file paths a call names (short strings only; what they point at is checked by the verb): logged with the Turn. */
export function namedFiles(raw: unknown): string[] {
  const args = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).args : undefined;
  if (!args || typeof args !== 'object') return [];
  const a = args as Record<string, unknown>;
  return [a.filePath, a.targetFile].filter((p): p is string => typeof p === 'string' && p.length > 0 && p.length <= 1024);
}

/** The memory plan rules a plan verdict (a result or a refusal's details) applied: `<memoryId>:satisfied|violated`. */
export function memoryRulesOf(carrier: unknown): string[] {
  const results = carrier && typeof carrier === 'object' ? (carrier as { memoryRuleResults?: unknown }).memoryRuleResults : undefined;
  if (!Array.isArray(results)) return [];
  return results.flatMap((r: { memoryId?: unknown; source?: unknown; applicable?: unknown; satisfied?: unknown }) =>
    r && r.source === 'memory' && r.applicable === true && typeof r.memoryId === 'string' ? [`${r.memoryId}:${r.satisfied ? 'satisfied' : 'violated'}`] : []);
}
