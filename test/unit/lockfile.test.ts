import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/runtime/package-root.js';

describe('package-lock.json', () => {
  const text = readFileSync(join(packageRoot(), 'package-lock.json'), 'utf8');

  it('records no addresses: packages resolve by name (after npm install, run npm run lockfile:strip)', () => {
    expect(text).not.toMatch(/"resolved"\s*:/);
    expect(text.match(/[a-z]+:\/\/[^"\s]*/gi) ?? []).toEqual([]);
  });
});
