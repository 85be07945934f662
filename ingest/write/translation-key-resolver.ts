import { loadQuery } from '../../src/graph/index.js';
import { chunk, groupBy } from './batches.js';
import type { RefTarget } from './ref-keys.js';
import type { Resolution } from './ref-resolver.js';
import type { RunQuery } from './runner.js';

const candidatesTranslationKey = loadQuery<{ repoId: string; keys: string[] }, { id: string; key: string }>('ingest/candidates-translation-key.cypher');

/**
 * Resolves `translationKey` references: a key used in a template or class links to the TranslationKey
 * of every resource file defining it (one per locale), by `key` or by `scopedKey` (transloco scope /
 * namespace prefix). Several targets are the normal case (en, fr, de…), so they are `resolved`, not ambiguous.
 */
export async function translationKeyResolver(read: RunQuery, repoId: string, targets: RefTarget[]): Promise<(t: RefTarget) => Resolution> {
  const keys = [...new Set(targets.flatMap((t) => (t.kind === 'translationKey' ? [t.key] : [])))];
  const rows = (await Promise.all(chunk(keys, 1000).map((p) => read(candidatesTranslationKey, { repoId, keys: p })))).flat();
  const byKey = groupBy(rows, (r) => r.key);
  return (t) => {
    if (t.kind !== 'translationKey') return { status: 'unresolved', targetIds: [], reason: 'wrong kind' };
    const ids = [...new Set((byKey.get(t.key) ?? []).map((r) => r.id))].sort();
    return ids.length ? { status: 'resolved', targetIds: ids } : { status: 'unresolved', targetIds: [], reason: 'no translation resource defines this key' };
  };
}
