import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * True when `Authorization: Bearer <token>` carries exactly `token` (constant-time compare). The one
 * check for a person's token: GraphQL mutations and the observer console's review actions use it.
 */
export function bearerMatches(header: string | null | undefined, token: string): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  // Hashing first gives equal-length buffers, so the comparison leaks neither content nor length.
  const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}
