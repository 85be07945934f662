import { int, type Graph, type RunOptions } from '../../graph/index.js';
import { readTextCapped, resolveExisting, writeFileNoFollow } from '../../paths/index.js';
import { proofChainSchema } from '../../retrieval/pack/pack-sections.schema.js';
import { artifactDir } from '../artifacts/artifact-writer.js';
import { redactSecrets } from '../artifacts/redact-secrets.js';
import { listGateRuns } from '../gates/gate.queries.js';
import { AppError } from '../../errors/index.js';
import { git } from '../worktree/git-cli.js';
import type { Workspace } from '../worktree/workspace-manager.js';
import { parseNameStatusZ, parsePorcelainZ } from './git-commit.js';

const MAX_DIFF_CHARS = 4 * 1024 * 1024;
const MAX_PACK_BYTES = 16 * 1024 * 1024;

export interface ReviewBundleInput {
  graph: Graph;
  repoId: string;
  /** Real path of the main checkout (artifacts go under its `.ai/tmp`). */
  repoRoot: string;
  workId: string;
  nodeId: string;
  workspace: Workspace;
  /** The plan's `proofRefs` (chain ids the plan cites). */
  proofRefs: string[];
  /** Repo-relative ref of the work's pack file, when it has one. */
  packRef: string | null;
  validatedBy: string[];
}

export interface ReviewSummary {
  branch: string;
  baseCommit: string;
  headCommit: string;
  diffStat: { files: number; insertions: number; deletions: number };
  touchedFiles: Array<{ status: string; path: string }>;
  untrackedFiles: string[];
  gates: { runs: number; passed: number; failed: number; steps: Array<{ stepName: string; nodeId: string | null; passed: boolean; exitCode: number | null; timedOut: boolean; durationMs: number; startedAt: string }> };
  proofChains: { planRefs: string[]; pack: Array<{ kind: string; key: string; status: string; hops: number; files: string[] }> };
  validatedBy: string[];
  diffTruncated: boolean;
  files: Record<string, string>;
}

/** Proof chains the pack carried (`anchors.proofChains`), summarised; empty for a pack file without them. */
async function packChains(repoRoot: string, packRef: string | null): Promise<ReviewSummary['proofChains']['pack']> {
  if (!packRef) return [];
  try {
    const text = await readTextCapped(await resolveExisting(repoRoot, packRef), MAX_PACK_BYTES);
    const chains = (JSON.parse(text) as { anchors?: { proofChains?: unknown } }).anchors?.proofChains;
    if (!Array.isArray(chains)) return [];
    return chains.slice(0, 50).flatMap((raw) => {
      const chain = proofChainSchema.safeParse(raw);
      if (!chain.success) return [];
      const { chainType, status, hops } = chain.data;
      return [{
        kind: chainType, key: hops.map((h) => h.id ?? h.label).join(' → ').slice(0, 500), status, hops: hops.length,
        files: [...new Set(hops.flatMap((h) => (h.path ? [h.path] : [])))].slice(0, 20),
      }];
    });
  } catch {
    return [];
  }
}

function diffStatOf(numstat: string): ReviewSummary['diffStat'] {
  let insertions = 0;
  let deletions = 0;
  const lines = numstat.split('\n').filter(Boolean);
  for (const line of lines) {
    const [add, del] = line.split('\t');
    insertions += Number.parseInt(add ?? '', 10) || 0;
    deletions += Number.parseInt(del ?? '', 10) || 0;
  }
  return { files: lines.length, insertions, deletions };
}

/**
 * Writes a review bundle of the work's branch under `.ai/tmp/work/{workId}/artifacts/{nodeId}/review/`:
 * `diff.patch` (the full diff of the worktree against the base commit: committed and uncommitted
 * tracked changes), `diffstat.txt`, `summary.json` (touched and untracked files, GateRuns of the
 * work, proof chains of the plan and pack) and `review.md` for a person. Every file is redacted.
 */
export async function writeReviewBundle(input: ReviewBundleInput, run?: RunOptions): Promise<ReviewSummary> {
  const { workspace } = input;
  if (workspace.kind !== 'git-worktree' || !workspace.branch || !workspace.baseCommit) {
    throw new AppError('ILLEGAL_TRANSITION', { message: 'review_bundle needs a git worktree; this work runs in a copied workspace.', details: { reason: 'not_git' } });
  }
  const root = workspace.root;
  const base = workspace.baseCommit;
  const [headCommit, numstat, stat, nameStatus, status, fullDiff] = await Promise.all([
    git(root, ['rev-parse', 'HEAD']),
    git(root, ['diff', '--numstat', '--no-renames', base]),
    git(root, ['diff', '--stat', '--no-renames', base]),
    git(root, ['diff', '--name-status', '-z', '--no-renames', base]),
    git(root, ['status', '--porcelain=v1', '-z', '--untracked-files=all']),
    git(root, ['diff', '--no-renames', '--no-color', '--no-ext-diff', base], { timeoutMs: 60_000 }),
  ]);
  const runs = await input.graph.read(listGateRuns, { repoId: input.repoId, workId: input.workId, nodeId: null, limit: int(100) }, run);
  const steps = runs.map(({ run: r }) => ({ stepName: r.stepName, nodeId: r.nodeId, passed: r.passed, exitCode: r.exitCode, timedOut: r.timedOut, durationMs: r.durationMs, startedAt: r.startedAt }));
  const diffTruncated = fullDiff.length > MAX_DIFF_CHARS;
  const summary: Omit<ReviewSummary, 'files'> = {
    branch: workspace.branch, baseCommit: base, headCommit,
    diffStat: diffStatOf(numstat),
    touchedFiles: parseNameStatusZ(nameStatus),
    untrackedFiles: parsePorcelainZ(status).filter((c) => c.status === '??').map((c) => c.path),
    gates: { runs: steps.length, passed: steps.filter((s) => s.passed).length, failed: steps.filter((s) => !s.passed).length, steps },
    proofChains: { planRefs: input.proofRefs, pack: await packChains(input.repoRoot, input.packRef) },
    validatedBy: input.validatedBy,
    diffTruncated,
  };
  const dir = [...artifactDir(input.workId, input.nodeId).split('/'), 'review'];
  const review = [
    `# Review bundle: ${input.workId} (${input.nodeId})`, '',
    `Branch \`${workspace.branch}\` at ${headCommit}, base ${base}.`, '',
    '## Diff stat', '', '```', stat || '(no changes)', '```', '',
    '## Touched files', '', ...summary.touchedFiles.map((f) => `- ${f.status} ${f.path}`), ...summary.untrackedFiles.map((f) => `- ?? ${f} (untracked, not in diff.patch)`), '',
    `## Gates (${summary.gates.passed} passed, ${summary.gates.failed} failed)`, '', ...steps.map((s) => `- ${s.passed ? 'PASS' : 'FAIL'} ${s.stepName}${s.nodeId ? ` (${s.nodeId})` : ''} ${s.durationMs} ms`), '',
    '## Proof chains', '', ...input.proofRefs.map((r) => `- plan: ${r}`), ...summary.proofChains.pack.map((c) => `- pack: ${c.kind} ${c.status} (${c.hops} hops) ${c.files.join(' → ')}`), '',
  ].join('\n');
  const files: Array<[string, string]> = [
    ['diff.patch', `${diffTruncated ? fullDiff.slice(0, MAX_DIFF_CHARS) : fullDiff}\n`],
    ['diffstat.txt', `${stat}\n`],
    ['summary.json', `${JSON.stringify(summary, null, 2)}\n`],
    ['review.md', review],
  ];
  const written: Record<string, string> = {};
  for (const [name, content] of files) written[name] = (await writeFileNoFollow(input.repoRoot, dir, name, redactSecrets(content))).relative;
  return { ...summary, files: written };
}
