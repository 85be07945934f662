import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mapSliced, readSourceFiles } from '../../../ingest/pipeline/read-files.js';

describe('readSourceFiles', () => {
  const root = mkdtempSync(join(tmpdir(), 'graphgate-read-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('hands extractors the text without a byte-order mark, and hashes the bytes on disk', async () => {
    const bytes = Buffer.from('\uFEFF@Component({ template: `<p></p>` })\nexport class A {}\n', 'utf8');
    writeFileSync(join(root, 'a.component.ts'), bytes);
    const [info] = await readSourceFiles(root, ['a.component.ts'], 1_000_000);
    expect(info?.text.startsWith('@Component')).toBe(true);
    expect(info?.size).toBe(bytes.length);
    expect(info?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('drops vanished paths and folders, and records a symlink leaving the root without reading it', async () => {
    writeFileSync(join(root, 'kept.ts'), 'export const kept = 1;\n');
    mkdirSync(join(root, 'folder'));
    symlinkSync('/etc/hostname', join(root, 'out.ts'));
    const infos = await readSourceFiles(root, ['gone.ts', 'folder', 'kept.ts', 'out.ts'], 1_000_000);
    expect(infos.map((i) => [i.path, i.skipReason ?? null, i.text.length > 0])).toEqual([
      ['kept.ts', null, true],
      ['out.ts', 'symbolic link leading outside the repository', false],
    ]);
  });
});

describe('mapSliced', () => {
  it('keeps the input order and lets the event loop run while a long run of work goes on', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const busy = (n: number): number => {
      const until = performance.now() + 2;
      while (performance.now() < until);
      return n * 2;
    };
    const out = await mapSliced(Array.from({ length: 40 }, (_, i) => i), busy);
    clearInterval(timer);
    expect(out).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
    // 80 ms of synchronous work yields every ~10 ms: timers fire in between, not only at the end.
    expect(ticks).toBeGreaterThanOrEqual(3);
  });
});
