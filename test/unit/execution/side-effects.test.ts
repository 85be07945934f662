import { describe, expect, it } from 'vitest';
import { hashApprovalToken, mintApprovalToken } from '../../../src/execution/side-effects/approval-store.js';
import { parseNameStatusZ, parsePorcelainZ } from '../../../src/execution/side-effects/git-commit.js';
import { gateReportPaths } from '../../../src/execution/side-effects/side-effect-service.js';

describe('git output parsing for side effects', () => {
  it('reads porcelain -z entries, including a first entry whose leading blank was trimmed, and skips rename sources', () => {
    const out = ['M src/a.ts', ' M src/b c.ts', '?? junit.xml', 'R  new.ts', 'old.ts', 'A  added.ts', ''].join('\0');
    expect(parsePorcelainZ(out)).toEqual([
      { status: 'M', path: 'src/a.ts' }, { status: 'M', path: 'src/b c.ts' }, { status: '??', path: 'junit.xml' },
      { status: 'R', path: 'new.ts' }, { status: 'A', path: 'added.ts' },
    ]);
  });

  it('reads name-status -z pairs', () => {
    expect(parseNameStatusZ('M\0a.ts\0D\0b/c.ts\0A\0d e.ts\0')).toEqual([{ status: 'M', path: 'a.ts' }, { status: 'D', path: 'b/c.ts' }, { status: 'A', path: 'd e.ts' }]);
    expect(parseNameStatusZ('')).toEqual([]);
  });
});

describe('approval tokens', () => {
  it('mints distinct 256-bit tokens and stores a 64-hex SHA-256 of each', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => mintApprovalToken()));
    expect(tokens.size).toBe(50);
    for (const t of tokens) {
      expect(t).toMatch(/^gga_[A-Za-z0-9_-]{43}$/);
      expect(hashApprovalToken(t)).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('hashes as hex SHA-256 of the UTF-8 token (what the CLI stores and the verb compares)', () => {
    expect(hashApprovalToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('gate report paths', () => {
  it('lists the canonical junit/lcov paths of every configured step, ignoring unsafe ones', () => {
    const step = (name: string, reports?: { junit?: string; lcov?: string }) => ({ name, cmd: ['x'], ...(reports ? { reports } : {}) });
    expect(gateReportPaths({
      defaultTimeoutSeconds: 1, commitGates: {},
      profiles: { a: { modes: { fast: [step('u', { junit: 'reports/junit.xml', lcov: './coverage/lcov.info' }), step('v')] } }, b: { modes: { full: [step('w', { junit: '../outside.xml' })] } } },
    })).toEqual(['coverage/lcov.info', 'reports/junit.xml']);
  });
});
