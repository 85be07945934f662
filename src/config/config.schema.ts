import { z } from 'zod';

/** Ids that end up in paths and graph keys: short, ASCII, no separators. */
export const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

const int = (min: number, max: number) => z.number().int().min(min).max(max);

/** Names of gate steps, profiles, modes, commit gates and recipes: they end up in plans and logs. */
const gateName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/, 'letters, digits, `.`, `_`, `:`, `-` (max 64)');

/** One gate step: an argv array run in the work's worktree (never a shell string). */
export const GateStepSchema = z.strictObject({
  name: gateName.describe('step id; verification hooks of a plan name it (`type: gate_step`, `ref: <name>`)'),
  cmd: z.array(z.string().min(1).max(4096)).min(1).max(64).describe('executable and arguments (exec array, no shell)'),
  cwd: z.string().min(1).max(1024).optional().describe('working directory relative to the worktree root (default: the root)'),
  env: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z.string().max(4096)).optional().describe('extra environment variables for the step'),
  timeout_seconds: z.number().int().min(1).max(86_400).optional().describe('step timeout (default: gates.defaultTimeoutSeconds)'),
  piercesShadowDom: z.boolean().optional().describe('true when the step observes rendered shadow DOM (browser-level checks of sdf-* components)'),
  flaky: z.boolean().optional().describe('known to be unstable: never counts as blocking verification'),
  reports: z.strictObject({
    junit: z.string().min(1).max(1024).optional().describe('JUnit-XML report the step writes, relative to the worktree root'),
    lcov: z.string().min(1).max(1024).optional().describe('LCOV coverage report the step writes, relative to the worktree root'),
  }).optional().describe('machine-readable reports the gate parses after the step'),
});
export type GateStep = z.infer<typeof GateStepSchema>;

/** Gate profiles → modes (e.g. fast, full) → steps, and the commit gates side effects name. */
export const GatesSchema = z.strictObject({
  defaultTimeoutSeconds: int(1, 86_400).describe('timeout of a step that sets none'),
  niceness: z.number().int().min(0).max(19).optional()
    .describe('CPU niceness of gate steps and their children (default 10): builds and tests yield the CPU to the controller\'s turns and Neo4j; 0 runs them at normal priority'),
  envAllowlist: z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/)).max(200).optional()
    .describe('environment variables a step inherits from the controller (default: PATH, HOME, LANG, LC_ALL, TERM, TZ, CI, NODE_OPTIONS, NODE_ENV, TMPDIR, USER)'),
  profiles: z.record(gateName, z.strictObject({
    modes: z.record(gateName, z.array(GateStepSchema).max(100)).describe('mode name (fast, full, merge …) → its steps, in order'),
  })).describe('gate profiles by name'),
  commitGates: z.record(gateName, z.strictObject({
    profile: gateName.describe('the profile whose mode must pass'),
    mode: gateName.describe('the mode that must pass before the side effect'),
  })).describe('commit gates side_effect nodes name in commitGateId'),
});
export type GatesConfig = z.infer<typeof GatesSchema>;

/** Today's evidence policy (001 §4): what a repository gets when `.ai/config` says nothing. */
export const DEFAULT_EVIDENCE_POLICY_CONFIG = {
  minRequirementSources: 1,
  minCodeEvidenceSources: 1,
  minPolicySources: 0,
  minDistinctSources: 2,
  allowSingleSourceWithGuard: true,
  lowEvidenceGuardRules: ['lowEvidenceGuard is true', 'uncertaintyNote explains the uncertainty', 'requiresHumanReview is true'],
} as const;

/** The server's evidence policy for plan change nodes; a plan may declare stricter minima, never weaker. */
export const EvidencePolicyConfigSchema = z.strictObject({
  minRequirementSources: int(0, 20).describe('distinct requirement sources (prompt, ticket, spec, doc, attachment, memory) each change node must cite'),
  minCodeEvidenceSources: int(0, 20).describe('distinct pack files each change node must cite as code evidence (several refs into one file count once)'),
  minPolicySources: int(0, 20).describe('distinct policyRefs each change node must cite'),
  minDistinctSources: int(1, 40).describe('distinct sources across requirement and code evidence each change node must cite (sources are distinct by canonical identity: resolved file, or type + locator; not configurable, so it cannot be gamed)'),
  allowSingleSourceWithGuard: z.boolean().describe('allow the low-evidence path: a node with one source passes only with lowEvidenceGuard, an uncertaintyNote and requiresHumanReview'),
  lowEvidenceGuardRules: z.array(z.string().trim().min(1).max(300)).max(20).describe('the low-evidence guard conditions as stated to planners in planGraphSchema'),
});

const memoryEnforcementType = z.enum(['few_shot', 'plan_rule', 'strategy_signal', 'informational']);

/** Seed 000's memory settings (its table: contest window and provisional expiry 48 h). */
export const DEFAULT_MEMORY_CONFIG = {
  rejectionThreshold: 3,
  contestWindowHours: 48,
  provisionalExpiryHours: 48,
  autoPromotableEnforcementTypes: ['informational', 'strategy_signal'],
  humanApprovalRequired: ['plan_rule'],
  enableFrictionLedger: true,
  frictionLedgerMaxEntries: 5000,
  enableFewShotInjection: true,
  enableAutoScaffoldFromRejections: true,
  enableStrategyOverride: true,
  enablePlanRuleMutation: true,
  humanOverrideInitialState: 'approved',
} as const;

/** The complete, validated configuration (every key has a value after layering). */
export const ConfigSchema = z.strictObject({
  repo: z.strictObject({
    id: z.string().regex(/^[A-Za-z0-9._-]{1,80}$/).optional().describe('repoId stamped on every node of this repository; when absent, the id ingestion derives (git remote or real path)'),
  }),
  mcp: z.strictObject({
    turnTimeoutMs: int(100, 600_000).describe('a controller_turn taking longer returns a TIMEOUT deny'),
    maxMessageBytes: int(1024, 64 * 1024 * 1024).describe('longest JSON-RPC line accepted on stdin'),
    maxJsonDepth: int(8, 1000).describe('deepest JSON nesting accepted on stdin'),
    maxRequestBytes: int(256, 16 * 1024 * 1024).describe('largest serialized controller_turn arguments accepted'),
    autoIngest: z.boolean().default(true).describe('graphgate mcp ingests the repository on its first tools/call (incrementally when already ingested); off: REPO_NOT_INGESTED names the command'),
    watch: z.boolean().default(true).describe('after its first ingest, graphgate mcp watches the working tree and re-ingests changed files'),
    ingestWaitMs: int(0, 600_000).default(20_000).describe('how long a turn waits for a running ingest before answering the retryable REPO_INGESTING with its progress'),
    inlineSchema: z.enum(['auto', 'always', 'never']).default('auto').describe('the full PlanGraph JSON Schema inline in initialize_work: auto = only for a client that has not listed MCP resources in this session; otherwise a reference to graphgate://schema/plan-graph'),
  }),
  budget: z.strictObject({
    maxTokens: int(1, 100_000_000).describe('token budget of one work (tokens ≈ request bytes / 4)'),
    thresholdPercent: z.number().gt(0).max(1).describe('share of maxTokens after which only budget-safe verbs run'),
  }),
  graph: z.strictObject({
    autoStartLocal: z.boolean().describe('start graphgate’s local Neo4j on the first tools/call when NEO4J_URI is unset'),
  }),
  // No per-key defaults here: zod would fill them into every partial layer and undo earlier layers.
  memory: z.strictObject({
    rejectionThreshold: int(1, 1_000).describe('distinct works refused with the same code in the same domain anchor before a pending plan_rule memory candidate is created (seed 000)'),
    contestWindowHours: int(0, 24 * 365).describe('hours a pending memory waits before the lifecycle sweep makes it provisional (auto-promotable types only; seed 000)'),
    provisionalExpiryHours: int(1, 24 * 365).describe('hours a provisional memory stays enforced without a person approving it before it expires (seed 000)'),
    autoPromotableEnforcementTypes: z.array(memoryEnforcementType).max(4).describe('enforcement types the sweep promotes pending → provisional after the contest window'),
    humanApprovalRequired: z.array(memoryEnforcementType).max(4).describe('enforcement types that stay pending until a person approves them (graphgate memory approve), even when listed as auto-promotable'),
    enableFrictionLedger: z.boolean().describe('export every FrictionEvent (and its later resolution) to .ai/tmp/friction-ledger.jsonl; the graph keeps them either way (seed 000)'),
    enableAutoScaffoldFromRejections: z.boolean().describe('refusals that reach rejectionThreshold works create a pending plan_rule memory candidate (seed 000); off: the friction is still recorded, no candidate is made'),
    enableStrategyOverride: z.boolean().describe('active strategy_signal memories override the context signature before the strategy is chosen (seed 000, 001 §13); off: they are listed as ignored'),
    enableFewShotInjection: z.boolean().describe('trace_symbol_graph shows the active few_shot memories whose domain anchors cover the traced files (seed 000)'),
    enablePlanRuleMutation: z.boolean().describe('the validator enforces approved and provisional plan_rule memories (seed 000); off: they are reported as skipped (switched_off) and not listed to the agent; plan rules promoted to policies still apply'),
    humanOverrideInitialState: z.enum(['approved', 'provisional', 'pending']).describe('the state a memory dropped into .ai/memory/overrides/ starts in (seed 000): approved enforces at once; provisional expires unless a person approves it; pending waits for review'),
    frictionLedgerMaxEntries: int(10, 10_000_000).describe('lines of .ai/tmp/friction-ledger.jsonl before it is rotated to friction-ledger.1.jsonl (seed 000)'),
  }).default({ ...DEFAULT_MEMORY_CONFIG, autoPromotableEnforcementTypes: [...DEFAULT_MEMORY_CONFIG.autoPromotableEnforcementTypes], humanApprovalRequired: [...DEFAULT_MEMORY_CONFIG.humanApprovalRequired] }),
  limits: z.strictObject({
    readMaxLines: int(1, 10_000).describe('most lines one read_file_lines returns'),
    readMaxFileBytes: int(1024, 64 * 1024 * 1024).describe('largest file the read and search verbs open'),
    scratchMaxBytes: int(1, 16 * 1024 * 1024).describe('largest scratch file write_scratch_file accepts'),
    searchMaxResults: int(1, 5_000).describe('most matches one search_codebase_text returns'),
    searchAnswerChars: int(200, 1_000_000).default(8_000).describe('characters of matches one search_codebase_text answer holds (~2,000 tokens); a longer one is truncated with next.skip to page on'),
    traceMaxNeighbours: int(1, 1_000).describe('most neighbours one trace_symbol_graph returns'),
    packMaxFiles: int(1, 5_000).describe('most files initialize_work puts in a pack'),
    packResponseTokens: int(500, 200_000).default(6_000).describe('estimated tokens (characters / 4) the pack part of an initialize_work or escalate answer may use; the rest of the pack is read page by page (read_resource, graphgate://work/<id>/pack)'),
  }),
  gates: GatesSchema,
  recipes: z.strictObject({
    enabled: z.array(gateName).max(100).describe('automation recipes this repository allows (built-ins: replace_lexeme_in_file, run_targeted_validation)'),
  }),
  locks: z.strictObject({
    overlapPolicy: z.enum(['reject', 'block']).describe('a plan overlapping another live work\'s accepted plan or leases: reject it (EXEC_SIDE_EFFECT_COLLISION) or accept it queued behind that work'),
    leaseSeconds: int(10, 86_400).describe('lease TTL of a work\'s file/symbol reservations; every mutation renews it'),
  }),
  evidencePolicy: EvidencePolicyConfigSchema.default({ ...DEFAULT_EVIDENCE_POLICY_CONFIG, lowEvidenceGuardRules: [...DEFAULT_EVIDENCE_POLICY_CONFIG.lowEvidenceGuardRules] })
    .describe('evidence policy the plan validator applies to every change node (default: today\'s 001 §4 minima)'),
});

export type Config = z.infer<typeof ConfigSchema>;

/** One layer file: the same keys, all optional, unknown keys still rejected. */
// A section with a default (absent in every layer = its default) is layered like the others.
type SectionObject<S> = S extends z.ZodDefault<infer Inner> ? Inner : S;
const sectionObject = <S extends z.ZodType>(section: S): SectionObject<S> => (section instanceof z.ZodDefault ? section.unwrap() : section) as SectionObject<S>;

/**
 * A layer's section: every key optional and WITHOUT its default — zod fills a key's default into a
 * partial object too, so a layer that omits the key would reset what an earlier layer set.
 */
function layerSection(section: z.ZodType): z.ZodType {
  const object = sectionObject(section) as z.ZodObject;
  const keys = Object.entries(object.shape).map(([k, t]) => [k, (t instanceof z.ZodDefault ? (t.unwrap() as z.ZodType) : (t as z.ZodType)).optional()]);
  return z.strictObject(Object.fromEntries(keys)).optional();
}

export const ConfigLayerSchema = z.strictObject(
  Object.fromEntries(Object.entries(ConfigSchema.shape).map(([key, section]) => [key, layerSection(section)])) as {
    [K in keyof typeof ConfigSchema.shape]: z.ZodOptional<ReturnType<SectionObject<(typeof ConfigSchema.shape)[K]>['partial']>>;
  },
);

export type ConfigLayer = z.infer<typeof ConfigLayerSchema>;

/** Environment variables that override config keys (the last layer). */
export const ENV_OVERRIDES: ReadonlyArray<{ env: string; section: keyof Config; key: string; type: 'int' | 'number' | 'boolean' | 'string' }> = [
  { env: 'GRAPHGATE_REPO_ID', section: 'repo', key: 'id', type: 'string' },
  { env: 'GRAPHGATE_TURN_TIMEOUT_MS', section: 'mcp', key: 'turnTimeoutMs', type: 'int' },
  { env: 'GRAPHGATE_MAX_MESSAGE_BYTES', section: 'mcp', key: 'maxMessageBytes', type: 'int' },
  { env: 'GRAPHGATE_AUTO_INGEST', section: 'mcp', key: 'autoIngest', type: 'boolean' },
  { env: 'GRAPHGATE_WATCH', section: 'mcp', key: 'watch', type: 'boolean' },
  { env: 'GRAPHGATE_INGEST_WAIT_MS', section: 'mcp', key: 'ingestWaitMs', type: 'int' },
  { env: 'GRAPHGATE_BUDGET_MAX_TOKENS', section: 'budget', key: 'maxTokens', type: 'int' },
  { env: 'GRAPHGATE_BUDGET_THRESHOLD', section: 'budget', key: 'thresholdPercent', type: 'number' },
  { env: 'GRAPHGATE_AUTO_START_NEO4J', section: 'graph', key: 'autoStartLocal', type: 'boolean' },
];
