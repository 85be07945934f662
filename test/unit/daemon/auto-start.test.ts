import { describe, expect, it } from 'vitest';
import { autoStartWanted } from '../../../src/daemon/spawn.js';

describe('autoStartWanted (graphgate ingest starts a daemon for the next run)', () => {
  it('starts one by default, never with GRAPHGATE_DAEMON off, false or 0', () => {
    expect(autoStartWanted({})).toBe(true);
    for (const off of ['off', 'OFF', 'false', '0', ' off ']) expect(autoStartWanted({ GRAPHGATE_DAEMON: off })).toBe(false);
  });

  it('starts none in CI unless GRAPHGATE_DAEMON asks for one', () => {
    for (const ci of ['true', '1', 'yes', 'github']) expect(autoStartWanted({ CI: ci })).toBe(false);
    for (const notCi of ['', 'false', '0']) expect(autoStartWanted({ CI: notCi })).toBe(true);
    expect(autoStartWanted({ CI: 'true', GRAPHGATE_DAEMON: 'on' })).toBe(true);
    expect(autoStartWanted({ CI: 'true', GRAPHGATE_DAEMON: '1' })).toBe(true);
  });
});
