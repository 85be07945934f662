import { z } from 'zod';
import { compareText } from '../shared/stable-order.js';

/**
 * Lexeme kinds. The first nine are the mandatory kinds of the retrieval contract; TICKET_KEY (Jira keys,
 * fed to the artifact lane) and FILE_PATH (paths and file names, fed to the symbol lane's path lookup)
 * are two extra kinds because neither fits any of the nine.
 */
export const LEXEME_KINDS = [
  'ENDPOINT_PATH', 'ROUTE_SEGMENT', 'SYMBOL', 'SELECTOR_TAG', 'GRID_FIELD', 'UI_LABEL', 'CONFIG_FLAG', 'ERROR_STRING', 'DOMAIN_NOUN',
  'TICKET_KEY', 'FILE_PATH',
] as const;
export type LexemeKind = (typeof LEXEME_KINDS)[number];

/** Where a lexeme came from, in precedence order (an agent's explicit term outranks a guess from prose). */
export const LEXEME_SOURCES = ['agent', 'jira', 'prompt', 'alias'] as const;
export type LexemeSource = (typeof LEXEME_SOURCES)[number];

export const LEXEME_POLARITIES = ['positive', 'negative'] as const;
export type LexemePolarity = (typeof LEXEME_POLARITIES)[number];

/** A typed lexical seed: what the lanes search for, and how much a hit on it is worth. */
export interface Lexeme {
  /** The text as found (trimmed, sanitised), e.g. `<sdf-table>` or `OrderDetailComponent`. */
  raw: string;
  /** Casefolded, NFKC-normalised canonical form, e.g. `sdf-table`, `orderdetailcomponent`, `/api/orders/{id}`. */
  norm: string;
  kind: LexemeKind;
  source: LexemeSource;
  /** How sure the classification is, 0..1. */
  confidence: number;
  /** `negative` lexemes ("not X", "-X", "without X", "don't touch X") penalise matches instead of rewarding them. */
  polarity: LexemePolarity;
  /** Weight of a hit on this lexeme (kind weight × confidence; near zero for utility-class tokens), 0..1. */
  boost: number;
  /** Other casefolded forms that should match too (plural/singular, kebab/joined-camel, aliases), sorted. */
  variants: string[];
}

export const lexemeSchema = z.strictObject({
  raw: z.string().max(512),
  norm: z.string().min(1).max(512),
  kind: z.enum(LEXEME_KINDS),
  source: z.enum(LEXEME_SOURCES),
  confidence: z.number().min(0).max(1),
  polarity: z.enum(LEXEME_POLARITIES),
  boost: z.number().min(0).max(1),
  variants: z.array(z.string().max(512)).max(64),
});

/** One lexeme as an agent may pass it: a bare string (classified like prompt text), or a typed object. */
export const agentLexemeSchema = z.union([
  z.string().min(1).max(200).describe('a key term: a tag, class name, route, endpoint, file path, or "-term" to exclude it'),
  z.strictObject({
    raw: z.string().min(1).max(200).describe('the term as written'),
    kind: z.enum(LEXEME_KINDS).optional().describe('what the term is; guessed from its shape when omitted'),
    polarity: z.enum(LEXEME_POLARITIES).optional().describe('negative to push matching files down'),
    boost: z.number().min(0).max(1).optional().describe('override the weight of a hit, 0..1'),
  }),
]);
export type AgentLexeme = z.infer<typeof agentLexemeSchema>;

/** The agent's `args.lexemes`. */
export const agentLexemesSchema = z.array(agentLexemeSchema).max(48).describe('key terms of the task');

/** A `LexemeAlias` record from the policy plane (seed type `lexeme_alias`). */
export const lexemeAliasSchema = z.object({
  id: z.string().optional(),
  term: z.string().min(1).max(200),
  aliases: z.array(z.string().min(1).max(200)).max(200),
  negative: z.array(z.string().min(1).max(200)).max(200).optional(),
  domain: z.string().max(200).optional(),
});
export type LexemeAlias = z.infer<typeof lexemeAliasSchema>;

/** Jira fields that feed lexemes and the ContextSignature (all optional: the connector may be offline). */
export const jiraFieldsSchema = z.object({
  key: z.string().max(40).optional(),
  summary: z.string().max(2000).optional(),
  description: z.string().max(200_000).optional(),
  issueType: z.string().max(100).optional(),
  labels: z.array(z.string().max(200)).max(100).optional(),
  components: z.array(z.string().max(200)).max(100).optional(),
  acceptanceCriteria: z.array(z.string().max(4000)).max(100).optional(),
});
export type JiraFields = z.infer<typeof jiraFieldsSchema>;

/** Canonical sort for lexeme lists: positive first, heavier first, then by norm and kind (code-unit order). */
export function compareLexemes(a: Lexeme, b: Lexeme): number {
  if (a.polarity !== b.polarity) return a.polarity === 'positive' ? -1 : 1;
  if (a.boost !== b.boost) return b.boost - a.boost;
  return compareText(a.norm, b.norm) || compareText(a.kind, b.kind);
}
