import { DEFAULT_LEXEME_CONFIG } from '../lexemes/lexeme.config.js';
import { extractTerms } from '../lexemes/lexeme-extractor.js';
import type { AgentLexeme } from '../lexemes/lexeme.model.js';
import type { ContextPack } from '../pack/pack-contract.schema.js';
import { growPack, type PackDelta } from '../pack/pack-growth.js';
import { compareLexemes } from '../lexemes/lexeme.model.js';
import { escalationPlanOf, blockedCommandsOf } from './pack-sections.js';
import { assemblePack, sealPack, type AssembledPack, type AssemblePackInput } from './assemble-pack.js';

export interface EscalatePackInput extends Omit<AssemblePackInput, 'prompt' | 'lexemes' | 'workId' | 'version' | 'supersedes'> {
  /** The work's current pack (read from its file, hash-checked by the caller). */
  previous: ContextPack;
  need: string;
  requestedEvidence?: ReadonlyArray<{ type: string; detail: string }>;
}

export interface EscalatedPack extends AssembledPack {
  delta: PackDelta;
}

const MAX_TERMS = 40;

/**
 * The structured terms an escalation names (identifiers, tags, routes, endpoints, paths, tickets) —
 * taken as the agent's own lexemes, so they weigh like explicit terms — plus the previous pack's
 * agent terms. Prose nouns stay prompt terms.
 */
export function escalationTerms(previous: ContextPack, need: string, evidence: ReadonlyArray<{ type: string; detail: string }>): AgentLexeme[] {
  const text = [need, ...evidence.map((e) => e.detail)].join('\n');
  const named = extractTerms(text, { ...DEFAULT_LEXEME_CONFIG, maxChars: DEFAULT_LEXEME_CONFIG.maxPromptChars })
    .filter((t) => t.kind !== 'DOMAIN_NOUN' && t.kind !== 'UI_LABEL' && t.raw.length <= 200)
    .map((t): AgentLexeme => ({ raw: t.raw, kind: t.kind, ...(t.polarity === 'negative' ? { polarity: 'negative' as const } : {}) }));
  const before = previous.taskSpec.lexemes.filter((l) => l.source === 'agent').sort(compareLexemes)
    .map((l): AgentLexeme => ({ raw: l.raw, kind: l.kind, ...(l.polarity === 'negative' ? { polarity: 'negative' as const } : {}) }));
  const seen = new Set<string>();
  return [...named, ...before].filter((l) => {
    const key = typeof l === 'string' ? l : `${l.raw}\u0000${l.kind ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  }).slice(0, MAX_TERMS);
}

/**
 * `escalate` (001 §5): searches the same lanes for the original request plus the need and the
 * requested evidence, then grows the previous pack monotonically (nothing it held is dropped; gaps
 * may close; the strategy may change and says so). The result is version + 1, superseding the
 * previous pack, with its delta. The TaskSpec stays the original request's (with the new lexemes).
 */
export async function escalatePack(input: EscalatePackInput): Promise<EscalatedPack> {
  const { previous, need } = input;
  const evidence = input.requestedEvidence ?? [];
  const prompt = [previous.taskSpec.originalPrompt, need, ...evidence.map((e) => `${e.type}: ${e.detail}`)].filter(Boolean).join('\n');
  const fresh = await assemblePack({
    ...input, prompt, lexemes: escalationTerms(previous, need, evidence),
    workId: previous.header.workId, version: previous.header.version + 1, supersedes: previous.header.contextPackId,
  });
  const grown = growPack(previous, fresh.pack);
  const lexemes = new Map([...previous.taskSpec.lexemes, ...grown.pack.taskSpec.lexemes].map((l) => [`${l.norm}\u0000${l.kind}\u0000${l.polarity}`, l]));
  const { pack, text, hash } = sealPack({
    ...grown.pack,
    taskSpec: { ...previous.taskSpec, lexemes: [...lexemes.values()].sort(compareLexemes).slice(0, 200) },
  });
  const escalationPlan = pack.outcome === 'ready' ? [] : escalationPlanOf(pack.missingness.missingAnchors);
  return {
    ...fresh, pack, text, hash, delta: grown.delta, escalationPlan,
    blockedCommands: blockedCommandsOf(pack.outcome, pack.missingness.missingAnchors),
    symbolIds: [...new Set(pack.evidence.symbols.map((s) => s.id))].sort(),
  };
}
