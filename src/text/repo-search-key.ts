import { createHash } from 'node:crypto';

/**
 * One token that names a repository inside a full-text index shared by every repository of the
 * database: a query that requires it (`+ftRepo:<key>`) ranks this repository's documents only, so
 * other repositories' hits cannot crowd them out of the scanned top. Digits only, so no analyzer
 * (standard or English with its stemmer) splits or alters it.
 */
export function repoSearchKey(repoId: string): string {
  const hex = createHash('sha256').update(repoId).digest('hex').slice(0, 13);
  return `9${BigInt(`0x${hex}`).toString().padStart(16, '0')}`;
}
