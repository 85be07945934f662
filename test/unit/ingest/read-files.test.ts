import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSourceFiles } from '../../../ingest/pipeline/read-files.js';

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
});
