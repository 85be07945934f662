import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalRepoPath, isWithin, relativeWithin } from '../../../src/paths/index.js';

describe('canonicalRepoPath', () => {
  it.each([
    ['src/app/a.ts', 'src/app/a.ts'],
    ['./src//app/./a.ts', 'src/app/a.ts'],
    ['src/app/', 'src/app'],
    ['a..b/c...ts', 'a..b/c...ts'],
    ['%41.ts', '%41.ts'],
  ])('accepts %j as %j', (input, expected) => {
    expect(canonicalRepoPath(input)).toEqual({ ok: true, path: expected });
  });

  it.each([
    [42, 'not_a_string'],
    [null, 'not_a_string'],
    ['', 'empty'],
    ['   ', 'empty'],
    ['./.', 'empty'],
    ['a/ /b', 'empty'],
    ['/etc/passwd', 'absolute'],
    ['//server/share', 'absolute'],
    ['~/.ssh/id_rsa', 'absolute'],
    ['C:/x', 'drive_letter'],
    ['c:x', 'drive_letter'],
    ['..', 'traversal'],
    ['a/../../b', 'traversal'],
    ['a/..', 'traversal'],
    ['a\\..\\b', 'backslash'],
    ['%2e%2e/etc', 'url_encoded'],
    ['a%2Fb', 'url_encoded'],
    ['%252e%252e/x', 'url_encoded'],
    ['a%00b', 'url_encoded'],
    ['a\u0000b', 'nul_byte'],
    ['a\nb', 'control_character'],
    ['a\u0085b', 'control_character'],
    ['a\u200bb', 'invisible_character'],
    ['a\u202eb', 'invisible_character'],
    ['a\ufeffb', 'invisible_character'],
    ['a\ud800b', 'malformed_unicode'],
    ['x'.repeat(1025), 'too_long'],
  ])('rejects %j (%s)', (input, reason) => {
    expect(canonicalRepoPath(input)).toEqual({ ok: false, reason });
  });

  it('never yields an absolute path or a `..` segment, and is idempotent (property)', () => {
    const segment = fc.oneof(fc.constantFrom('..', '.', '', 'a', 'b.ts', '%2e', 'C:', '\\', '~'), fc.string({ maxLength: 6 }));
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), fc.boolean(), (segments, leadingSlash) => {
        const input = `${leadingSlash ? '/' : ''}${segments.join('/')}`;
        const result = canonicalRepoPath(input);
        if (!result.ok) return;
        expect(result.path.startsWith('/')).toBe(false);
        expect(result.path.split('/')).not.toContain('..');
        expect(result.path.split('/')).not.toContain('');
        expect(canonicalRepoPath(result.path)).toEqual(result);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('isWithin', () => {
  it('is separator-aware: /repo never admits /repo-evil', () => {
    expect(isWithin('/repo', '/repo')).toBe(true);
    expect(isWithin('/repo', '/repo/a')).toBe(true);
    expect(isWithin('/repo/', '/repo/a')).toBe(true);
    expect(isWithin('/repo', '/repo-evil')).toBe(false);
    expect(isWithin('/repo', '/repo-evil/a')).toBe(false);
    expect(isWithin('/repo', '/re')).toBe(false);
    expect(isWithin('/', '/anything')).toBe(true);
    expect(relativeWithin('/repo', '/repo/a/b')).toBe('a/b');
    expect(relativeWithin('/repo', '/repox/a')).toBeUndefined();
  });

  it('agrees with a segment-wise comparison (property)', () => {
    const name = fc.constantFrom('repo', 'repo-evil', 'rep', 'a', 'repo.bak');
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 4 }), fc.array(name, { minLength: 1, maxLength: 4 }), (r, c) => {
        const root = `/${r.join('/')}`;
        const candidate = `/${c.join('/')}`;
        const expected = c.length >= r.length && r.every((s, i) => c[i] === s);
        expect(isWithin(root, candidate)).toBe(expected);
      }),
    );
  });
});
