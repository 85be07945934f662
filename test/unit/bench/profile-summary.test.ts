import { describe, expect, it } from 'vitest';
import { formatSummary, summariseProfiles, type CpuProfile } from '../../../bench/soak/profile-summary.js';

const frame = (functionName: string, url: string, lineNumber = 0) => ({ functionName, url, lineNumber });

// root → main (graphgate) → parse (zod); root → loader → compile; root → (idle); root → (garbage collector)
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)', ''), children: [2, 4, 6, 7] },
    { id: 2, callFrame: frame('sealPack', 'file:///app/dist/src/retrieval/assemble/assemble-pack.js', 50), children: [3] },
    { id: 3, callFrame: frame('parse', 'file:///app/node_modules/zod/v4/core/schemas.js', 10) },
    { id: 4, callFrame: frame('loadESM', 'node:internal/modules/esm/loader', 1), children: [5] },
    { id: 5, callFrame: frame('wrapSafe', 'node:internal/modules/cjs/loader', 2) },
    { id: 6, callFrame: frame('(idle)', '') },
    { id: 7, callFrame: frame('(garbage collector)', '') },
  ],
  samples: [3, 3, 2, 5, 6, 6, 6, 7],
  timeDeltas: [1000, 1000, 500, 3000, 9000, 9000, 9000, 250],
};

describe('CPU profile summary', () => {
  it('charges each busy sample to one area, leaves idle out, and finds the graphgate caller of a package', () => {
    const s = summariseProfiles([profile, profile], { callers: 'zod' });
    expect(s.profiles).toBe(2);
    expect(s.busyMs).toBe(2 * 5.75);
    expect(Object.fromEntries(s.areas)).toEqual({ 'module loading': 6, 'npm:zod': 4, 'src/retrieval': 1, '(garbage collector)': 0.5 });
    expect(s.functions[0]).toEqual(['wrapSafe node:internal/modules/cjs/loader:3', 6]);
    expect(s.callers).toEqual([['sealPack src/retrieval/assemble/assemble-pack.js:51', 4]]);
    const text = formatSummary(s, 3, 'zod');
    expect(text).toContain('2 profile(s), busy 0.0 s');
    expect(text).toContain('npm:zod by nearest graphgate caller:');
    expect(text).toContain('   0.01 s  52.2%  module loading');
    expect(text).toContain('   0.00 s  34.8%  npm:zod');
  });
});
