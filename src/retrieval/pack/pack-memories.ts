import type { ContextPack } from './pack-contract.schema.js';

/**
 * The memories in force in a pack: its memory records, except a strategy_signal whose override was
 * not applied (switched off, out of scope, a value it could not set). Recorded on the ContextPack,
 * so promotion can tell which memories an accepted plan was made with.
 */
export function packMemoriesInForce(pack: Pick<ContextPack, 'memories' | 'strategy'>): string[] {
  const applied = new Set(pack.strategy.overrides.filter((o) => o.source === 'memory').map((o) => o.sourceId));
  return [...new Set(pack.memories.records.filter((m) => m.enforcementType !== 'strategy_signal' || applied.has(m.id)).map((m) => m.id))].sort();
}
