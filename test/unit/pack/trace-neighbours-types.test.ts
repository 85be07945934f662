import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRACE_REL_TYPES } from '../../../src/pack/index.js';
import { packageRoot } from '../../../src/runtime/package-root.js';

// trace-neighbours.cypher types its expansion statically (so pack INCLUDES fan-in is never walked);
// the static list must stay the TRACE_REL_TYPES allowlist the code passes as $relTypes.
describe('trace-neighbours.cypher', () => {
  it('expands exactly the TRACE_REL_TYPES relationship types', () => {
    const text = readFileSync(join(packageRoot(), 'cypher', 'pack', 'trace-neighbours.cypher'), 'utf8');
    const typed = /MATCH \(start\)-\[r:([A-Z_|]+)\]-\(n\)/.exec(text);
    expect(typed).not.toBeNull();
    expect(typed![1]!.split('|').sort()).toEqual([...TRACE_REL_TYPES].sort());
  });
});
