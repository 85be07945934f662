import { z } from 'zod';
import { classifyTerm } from '../lexemes/term-classifier.js';
import { wordParts } from '../lexemes/lexeme-normalizer.js';
import type { JiraFields, Lexeme } from '../lexemes/lexeme.model.js';
import { sanitizeText } from '../shared/sanitize-text.js';
import { sortedUnique } from '../shared/stable-order.js';
import {
  AG_GRID_STRONG, AG_GRID_WEAK, API_CUES, CONTRACT_SYMBOL, DEBUG_CUES, FEDERATION_STRONG, FEDERATION_WEAK, MIGRATION, SHADOW_DOM,
  SWAGGER, TEST_CUES, UI_CUES, type CueFamily,
} from './signature-cues.js';
import { inferTaskType } from './task-type.js';

export const SIGNATURE_FEATURES = [
  'hasJira', 'hasSwagger', 'mentionsAgGrid', 'touchesShadowDom', 'crossesFederationBoundary', 'migrationAdpDetected',
  'contractAnchorPresent', 'testConfidenceLevel',
] as const;
export type SignatureFeature = (typeof SIGNATURE_FEATURES)[number];

export const TASK_TYPES = ['migration', 'debug', 'api_contract', 'ui_feature', 'unknown'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** 0 none, 1 low (tests mentioned), 2 medium (a test file named / tests cover some scope), 3 high. */
export const TEST_CONFIDENCE_LABELS = ['none', 'low', 'medium', 'high'] as const;

export const contextSignatureSchema = z.strictObject({
  hasJira: z.boolean(),
  hasSwagger: z.boolean(),
  mentionsAgGrid: z.boolean(),
  touchesShadowDom: z.boolean(),
  crossesFederationBoundary: z.boolean(),
  migrationAdpDetected: z.boolean(),
  contractAnchorPresent: z.boolean(),
  testConfidenceLevel: z.number().int().min(0).max(3),
  /** Not one of the eight features: the decision table's `task_type_guess`, derived from the same cues. */
  taskTypeGuess: z.enum(TASK_TYPES),
});
export type ContextSignature = z.infer<typeof contextSignatureSchema>;

/** Why a feature has its value: the cues, lexemes or graph hints that set it. */
export interface SignatureReason {
  feature: SignatureFeature | 'taskTypeGuess';
  value: boolean | number | string;
  evidence: string[];
}

/** Facts known after retrieval; absent before it (the base signature is computed without graph I/O). */
export interface SignatureGraphHints {
  federationBoundary?: boolean;
  agGridTables?: number;
  contractAnchors?: number;
  shadowDomUsages?: number;
  adpUsages?: number;
  /** Best test coverage grade among in-scope files, 0..3. */
  testConfidence?: number;
}

export interface SignatureInput {
  prompt?: string | null;
  lexemes: readonly Lexeme[];
  jira?: JiraFields | null;
  /** OpenAPI/Swagger documents the agent attached or referenced. */
  swaggerRefs?: readonly string[];
  graph?: SignatureGraphHints;
  /** Tag families: `shadow` components render in Shadow DOM, `legacy` is the family being migrated away. */
  families?: { shadow: readonly string[]; legacy: readonly string[] };
  maxChars?: number;
}

export interface SignatureResult {
  signature: ContextSignature;
  reasons: SignatureReason[];
}

const DEFAULT_FAMILIES = { shadow: ['sdf'], legacy: ['adp'] } as const;

/**
 * Lowercase prose words as a padded string for phrase lookup, without the design-system tags of the
 * given families (so the "table" of `sdf-table` is not read as a grid cue).
 */
function proseHaystack(text: string, maxChars: number, familyPrefixes: readonly string[]): string {
  const chunks = sanitizeText(text.slice(0, maxChars)).split(/\s+/);
  const words: string[] = [];
  for (const chunk of chunks) {
    const term = chunk.replace(/^[("'`]+|[)"'`.,;:!?]+$/g, '');
    const c = classifyTerm(term, { selectorPrefixes: familyPrefixes });
    if (c?.kind === 'SELECTOR_TAG' && familyPrefixes.some((p) => term.replace(/^<\/?/, '').toLowerCase().startsWith(`${p}-`))) continue;
    words.push(...wordParts(chunk));
  }
  return ` ${words.join(' ')} `;
}

/** The families (first phrase of each) found in the haystack. */
export function findCues(hay: string, families: readonly CueFamily[]): string[] {
  return families.filter((f) => f.some((cue) => hay.includes(` ${cue} `))).map((f) => f[0] as string);
}

function tagsOf(lexemes: readonly Lexeme[], prefixes: readonly string[]): string[] {
  return sortedUnique(lexemes.filter((l) => l.polarity === 'positive' && l.kind === 'SELECTOR_TAG' && prefixes.some((p) => l.norm.startsWith(`${p}-`))).map((l) => l.norm));
}

function positives(lexemes: readonly Lexeme[], kind: Lexeme['kind']): string[] {
  return sortedUnique(lexemes.filter((l) => l.polarity === 'positive' && l.kind === kind).map((l) => l.norm));
}

/**
 * Computes the ContextSignature — eight boolean/ordinal features plus the task-type guess — from the
 * prompt, lexemes, Jira fields and (when known) graph hints. Pure and deterministic; every feature
 * comes with the evidence that set it.
 */
export function computeContextSignature(input: SignatureInput): SignatureResult {
  const maxChars = input.maxChars ?? 32_768;
  const families = input.families ?? DEFAULT_FAMILIES;
  const jira = input.jira ?? null;
  const jiraText = jira ? [jira.summary, jira.description, ...(jira.acceptanceCriteria ?? []), ...(jira.labels ?? [])].filter(Boolean).join('\n') : '';
  const hay = proseHaystack(`${input.prompt ?? ''}\n${jiraText}`, maxChars, [...families.shadow, ...families.legacy]);
  const g = input.graph ?? {};
  const lx = input.lexemes;
  const reasons: SignatureReason[] = [];
  const note = <T extends boolean | number>(feature: SignatureFeature, value: T, evidence: string[]): T => {
    reasons.push({ feature, value, evidence: sortedUnique(evidence).slice(0, 8) });
    return value;
  };

  const tickets = positives(lx, 'TICKET_KEY');
  const jiraEv = [...(jira?.key ? [`jira ${jira.key}`] : jira && jiraText ? ['jira fields'] : []), ...tickets.map((t) => `ticket ${t}`)];
  const hasJira = note('hasJira', jiraEv.length > 0, jiraEv);

  const endpoints = positives(lx, 'ENDPOINT_PATH');
  const swaggerEv = [...findCues(hay, SWAGGER).map((c) => `cue "${c}"`), ...endpoints.map((e) => `endpoint ${e}`), ...(input.swaggerRefs ?? []).map((r) => `spec ${r}`)];
  const hasSwagger = note('hasSwagger', swaggerEv.length > 0, swaggerEv);

  const gridStrong = findCues(hay, AG_GRID_STRONG);
  const gridWeak = findCues(hay, AG_GRID_WEAK);
  const gridFields = positives(lx, 'GRID_FIELD');
  const gridEv = [...gridStrong, ...gridWeak].map((c) => `cue "${c}"`).concat(gridFields.map((f) => `grid field ${f}`), g.agGridTables ? [`graph: ${g.agGridTables} grid table(s) in scope`] : []);
  const mentionsAgGrid = note('mentionsAgGrid', gridStrong.length > 0 || gridWeak.length + Math.min(1, gridFields.length) >= 2 || (g.agGridTables ?? 0) > 0, gridEv);

  const shadowTags = tagsOf(lx, families.shadow);
  const shadowEv = [...findCues(hay, SHADOW_DOM).map((c) => `cue "${c}"`), ...shadowTags.map((t) => `shadow-DOM tag ${t}`), ...(g.shadowDomUsages ? [`graph: ${g.shadowDomUsages} shadow-DOM usage(s)`] : [])];
  const touchesShadowDom = note('touchesShadowDom', shadowEv.length > 0, shadowEv);

  const fedStrong = findCues(hay, FEDERATION_STRONG);
  const fedWeak = findCues(hay, FEDERATION_WEAK);
  const fedEv = [...fedStrong, ...fedWeak].map((c) => `cue "${c}"`).concat(g.federationBoundary ? ['graph: federation boundary in scope'] : []);
  const crossesFederationBoundary = note('crossesFederationBoundary', fedStrong.length > 0 || fedWeak.length >= 2 || g.federationBoundary === true, fedEv);

  const legacyTags = tagsOf(lx, families.legacy);
  const migrationCues = findCues(hay, MIGRATION);
  const legacyWords = families.legacy.filter((p) => hay.includes(` ${p} `));
  const targetWords = families.shadow.filter((p) => hay.includes(` ${p} `));
  const legacyInScope = legacyTags.length > 0 || legacyWords.length > 0 || (g.adpUsages ?? 0) > 0;
  const migrationEv = [
    ...legacyTags.map((t) => `legacy tag ${t}`), ...legacyWords.map((w) => `legacy family "${w}"`), ...migrationCues.map((c) => `cue "${c}"`),
    ...shadowTags.map((t) => `target tag ${t}`), ...targetWords.map((w) => `target family "${w}"`), ...(g.adpUsages ? [`graph: ${g.adpUsages} legacy usage(s)`] : []),
  ];
  const migrationAdpDetected = note('migrationAdpDetected', legacyInScope && (migrationCues.length > 0 || shadowTags.length > 0 || targetWords.length > 0), migrationEv);

  const contractSymbols = lx.filter((l) => l.polarity === 'positive' && l.kind === 'SYMBOL' && CONTRACT_SYMBOL.test(l.raw)).map((l) => `symbol ${l.raw}`);
  const contractFiles = lx.filter((l) => l.polarity === 'positive' && l.kind === 'FILE_PATH' && /(?:\.d\.ts|[.-](?:model|dto|types?|interface|contract)s?\.ts)$/.test(l.norm)).map((l) => `file ${l.norm}`);
  const contractEv = [...endpoints.map((e) => `endpoint ${e}`), ...contractSymbols, ...contractFiles, ...(g.contractAnchors ? [`graph: ${g.contractAnchors} contract anchor(s)`] : [])];
  const contractAnchorPresent = note('contractAnchorPresent', contractEv.length > 0, contractEv);

  const testFiles = lx.filter((l) => l.polarity === 'positive' && l.kind === 'FILE_PATH' && /\.(?:spec|test|cy|e2e)\.[a-z]+$/.test(l.norm)).map((l) => `test file ${l.norm}`);
  const testCues = findCues(hay, TEST_CUES).map((c) => `cue "${c}"`);
  const fromPrompt = testFiles.length > 0 ? 2 : testCues.length > 0 ? 1 : 0;
  const graphLevel = g.testConfidence === undefined ? undefined : Math.max(0, Math.min(3, Math.trunc(g.testConfidence)));
  const level = graphLevel ?? fromPrompt;
  const testEv = graphLevel === undefined ? [...testFiles, ...testCues] : [`graph: coverage grade ${TEST_CONFIDENCE_LABELS[graphLevel]}`];
  const testConfidenceLevel = note('testConfidenceLevel', level, testEv);

  const task = inferTaskType(hay, lx, migrationAdpDetected, { debug: DEBUG_CUES, api: API_CUES, ui: UI_CUES });
  reasons.push({ feature: 'taskTypeGuess', value: task.type, evidence: task.evidence });

  return {
    signature: {
      hasJira, hasSwagger, mentionsAgGrid, touchesShadowDom, crossesFederationBoundary, migrationAdpDetected, contractAnchorPresent,
      testConfidenceLevel, taskTypeGuess: task.type,
    },
    reasons,
  };
}
