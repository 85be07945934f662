import type { z } from 'zod';
import { DEFAULT_LEXEME_CONFIG, type LexemeConfig } from '../lexemes/lexeme.config.js';
import { buildLexemes } from '../lexemes/lexeme-builder.js';
import { extractTerms } from '../lexemes/lexeme-extractor.js';
import { normalizeTerm } from '../lexemes/lexeme-normalizer.js';
import type { AgentLexeme, JiraFields, Lexeme, LexemePolarity } from '../lexemes/lexeme.model.js';
import { sanitizeText } from '../shared/sanitize-text.js';
import { compareText } from '../shared/stable-order.js';
import type { taskSpecSchema } from './pack-sections.schema.js';

export type TaskSpec = z.infer<typeof taskSpecSchema>;

export interface TaskSpecInput {
  prompt?: string | null;
  agentLexemes?: readonly AgentLexeme[];
  jira?: (JiraFields & { url?: string }) | null;
  /** The merged lexemes of the task (buildLexemes), recorded as they are. */
  lexemes: readonly Lexeme[];
  config?: LexemeConfig;
}

const CONSTRAINT = /\b(?:must|shall|should|never|do not|don't|don’t|only|without|avoid|keep|required?|at least|at most|no new|not allowed|forbidden|except)\b/i;
const BULLET = /^\s*(?:[-*•]|\d{1,3}[.)]|ac\s*\d*\s*:|given\b|when\b|then\b)\s*/i;
const MAX_ITEM = 500;

function clean(line: string): string {
  return sanitizeText(line).replace(/\s+/g, ' ').trim().slice(0, MAX_ITEM);
}

function uniqueByFold(items: readonly string[], max: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of items) {
    const key = item.toLowerCase();
    if (!item || seen.has(key)) continue;
    seen.add(key);
    out.push(item);
    if (out.length >= max) break;
  }
  return out;
}

/** Sentences of the request that state a constraint (must, never, only, without …), verbatim. */
export function quotedConstraints(text: string, maxChars: number): string[] {
  const sentences = sanitizeText(text.slice(0, maxChars)).split(/(?<=[.!?])\s+|\n+/);
  return uniqueByFold(sentences.map(clean).filter((s) => CONSTRAINT.test(s)), 20);
}

/** Acceptance criteria: the Jira list plus bullet, numbered or Given/When/Then lines of the prompt, normalised. */
export function acceptanceCriteria(prompt: string, jira: JiraFields | null, maxChars: number): string[] {
  const fromJira = (jira?.acceptanceCriteria ?? []).map((c) => clean(c.replace(BULLET, '')));
  const fromPrompt = sanitizeText(prompt.slice(0, maxChars)).split(/\n+/).filter((l) => BULLET.test(l)).map((l) => clean(l.replace(BULLET, '')));
  return uniqueByFold([...fromJira, ...fromPrompt].filter((s) => s.length > 0), 50);
}

/** Terms one source asks for and another (or the same) excludes: explicit conflicts, never silently resolved. */
export function lexemeConflicts(input: TaskSpecInput): TaskSpec['conflicts'] {
  const config = input.config ?? DEFAULT_LEXEME_CONFIG;
  const seen = new Map<string, Map<LexemePolarity, Set<string>>>();
  const note = (norm: string, polarity: LexemePolarity, source: string): void => {
    const byPolarity = seen.get(norm) ?? new Map<LexemePolarity, Set<string>>();
    const sources = byPolarity.get(polarity) ?? new Set<string>();
    sources.add(source);
    byPolarity.set(polarity, sources);
    seen.set(norm, byPolarity);
  };
  if (input.prompt) for (const t of extractTerms(input.prompt, { ...config, maxChars: config.maxPromptChars })) note(normalizeTerm(t.kind, t.raw), t.polarity, 'prompt');
  if (input.jira) for (const l of buildLexemes({ jira: input.jira, config })) note(l.norm, l.polarity, 'jira');
  for (const l of buildLexemes({ agentLexemes: input.agentLexemes ?? [], config })) note(l.norm, l.polarity, 'agent');
  return [...seen.entries()]
    .filter(([, p]) => p.has('positive') && p.has('negative'))
    .sort(([a], [b]) => compareText(a, b))
    .slice(0, 20)
    .map(([norm, p]) => ({
      between: [`${[...(p.get('positive') ?? [])].sort().join('+')} asks for "${norm}"`, `${[...(p.get('negative') ?? [])].sort().join('+')} excludes "${norm}"`],
      description: `"${norm}" is both requested and excluded; the exclusion is applied (matches are penalised) until the conflict is resolved`,
    }));
}

/** The TaskSpec section (002 §7.1 #2): the request verbatim, its constraints, criteria, conflicts and lexemes. */
export function buildTaskSpec(input: TaskSpecInput): TaskSpec {
  const maxChars = (input.config ?? DEFAULT_LEXEME_CONFIG).maxPromptChars;
  const prompt = input.prompt ?? '';
  const jira = input.jira ?? null;
  const jiraText = jira ? [jira.summary, jira.description].filter(Boolean).join('\n') : '';
  return {
    originalPrompt: prompt.slice(0, 200_000),
    quotedConstraints: quotedConstraints(`${prompt}\n${jiraText}`, maxChars),
    acceptanceCriteria: acceptanceCriteria(prompt, jira, maxChars),
    conflicts: lexemeConflicts(input),
    lexemes: [...input.lexemes],
    ...(jira?.key ? { jira: { key: jira.key, ...(jira.summary ? { summary: jira.summary.slice(0, 4000) } : {}), ...(jira.issueType ? { issueType: jira.issueType } : {}), ...(jira.url ? { url: jira.url.slice(0, 4000) } : {}) } } : {}),
  };
}
