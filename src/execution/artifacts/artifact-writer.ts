import { AppError } from '../../errors/index.js';
import { writeFileNoFollow } from '../../paths/index.js';
import { redactSecrets } from './redact-secrets.js';

/** The five files every executed node leaves behind. */
export interface NodeArtifacts {
  result: Record<string, unknown>;
  opLog: readonly string[];
  traceRefs: Record<string, unknown>;
  diffSummary: Record<string, unknown>;
  validation: Record<string, unknown>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

function segment(value: string, what: string): string {
  if (!SEGMENT.test(value) || value.includes('..')) throw new AppError('PATH_REJECTED', { message: `The ${what} cannot name an artifact folder.`, details: { reason: 'traversal', [what]: value.slice(0, 130) } });
  return value;
}

/** Redacts every string inside a JSON value (so patterns see raw text, not JSON-escaped quotes). */
function redactDeep(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redactSecrets(value, secrets);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, secrets));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, secrets)]));
  return value;
}

/** Repo-relative folder of a node's artifacts. */
export function artifactDir(workId: string, nodeId: string): string {
  return `.ai/tmp/work/${segment(workId, 'workId')}/artifacts/${segment(nodeId, 'nodeId')}`;
}

/**
 * Writes `result.json`, `op.log`, `trace.refs.json`, `diff.summary.json` and `validation.json` under
 * `.ai/tmp/work/{workId}/artifacts/{nodeId}/` of the repository (never through a symlink), each with
 * secrets redacted. A later run of the same node replaces them. Returns the repo-relative paths.
 */
export async function writeNodeArtifacts(repoRootReal: string, workId: string, nodeId: string, artifacts: NodeArtifacts, secrets: readonly string[] = []): Promise<Record<string, string>> {
  const base = artifactDir(workId, nodeId).split('/');
  const json = (value: unknown) => `${redactSecrets(JSON.stringify(redactDeep(value, secrets), null, 2), secrets)}\n`;
  const files: Array<[string, string]> = [
    ['result.json', json(artifacts.result)],
    ['op.log', `${artifacts.opLog.map((l) => redactSecrets(l, secrets)).join('\n')}\n`],
    ['trace.refs.json', json(artifacts.traceRefs)],
    ['diff.summary.json', json(artifacts.diffSummary)],
    ['validation.json', json(artifacts.validation)],
  ];
  const written: Record<string, string> = {};
  for (const [name, content] of files) written[name] = (await writeFileNoFollow(repoRootReal, base, name, content)).relative;
  return written;
}
