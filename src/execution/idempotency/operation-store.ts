import { createHash } from 'node:crypto';
import { AppError } from '../../errors/index.js';
import type { Graph, RunOptions } from '../../graph/index.js';
import { abandonOperation, beginOperation, completeOperation } from './operation.queries.js';

/** Stable JSON (sorted keys) so equal arguments hash equally whatever their key order. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const sha256 = (text: string): string => `sha256:${createHash('sha256').update(text).digest('hex')}`;

export type OperationClaim =
  | { kind: 'new' }
  | { kind: 'replay'; result: Record<string, unknown> };

/**
 * Idempotency keys of mutating verbs: `(:Work)-[:HAS_OPERATION]->(:Operation {id, workId, verb, argsHash,
 * status, resultJson, resultHash})`. `claim` either reserves a new key or returns the recorded result;
 * the same key with another verb or other arguments is refused (INVALID_ARGS); a key whose first call
 * is still running is a retryable VERSION_CONFLICT.
 */
export class OperationStore {
  constructor(private readonly options: { graph: Graph; repoId: string }) {}

  async claim(input: { workId: string; operationId: string; verb: string; args: unknown }, run?: RunOptions): Promise<OperationClaim> {
    const argsHash = sha256(stableJson(input.args));
    const [row] = await this.options.graph.write(beginOperation, { repoId: this.options.repoId, workId: input.workId, operationId: input.operationId, verb: input.verb, argsHash }, run);
    if (!row) throw new AppError('NOT_FOUND', { message: `No work ${input.workId} in this repository.`, details: { workId: input.workId } });
    if (row.created) return { kind: 'new' };
    if (row.verb !== input.verb || row.argsHash !== argsHash) {
      throw new AppError('INVALID_ARGS', {
        message: `operationId ${input.operationId} was already used for a different ${row.verb === input.verb ? 'set of arguments' : `verb (${row.verb})`}; use a new operationId.`,
        details: { operationId: input.operationId, recordedVerb: row.verb },
      });
    }
    if (row.status !== 'done' || row.resultJson === null) {
      throw new AppError('VERSION_CONFLICT', { message: `Operation ${input.operationId} is still running; retry shortly.`, details: { operationId: input.operationId } });
    }
    return { kind: 'replay', result: JSON.parse(row.resultJson) as Record<string, unknown> };
  }

  /** Stores the result the key returns from now on. */
  async complete(input: { workId: string; operationId: string; result: Record<string, unknown> }, run?: RunOptions): Promise<void> {
    const resultJson = JSON.stringify(input.result);
    await this.options.graph.write(completeOperation, { repoId: this.options.repoId, workId: input.workId, operationId: input.operationId, resultJson, resultHash: sha256(resultJson) }, run);
  }

  /** Releases a claim whose operation failed before it changed anything. */
  async abandon(input: { workId: string; operationId: string }, run?: RunOptions): Promise<void> {
    await this.options.graph.write(abandonOperation, { repoId: this.options.repoId, ...input }, run);
  }
}
