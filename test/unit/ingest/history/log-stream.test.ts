import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RawCommit } from '../../../../ingest/history/commit-facts.js';
import { logFormat, LogStreamParser } from '../../../../ingest/history/log-stream.js';

const NONCE = 'graphgate-0123456789abcdef';
const SHA1 = '1'.repeat(40);
const SHA2 = '2'.repeat(40);

/** Bytes shaped like `git log -z --name-only --format=<logFormat>` prints them. */
function record(sha: string, time: string, subject: string | Buffer, body: string | Buffer, files: Array<string | Buffer>): Buffer {
  const parts: Buffer[] = [Buffer.from(`\0${NONCE}\0${sha}\0${time}\0`), Buffer.from(subject), Buffer.from('\0'), Buffer.from(body), Buffer.from('\0')];
  if (files.length) {
    parts.push(Buffer.from('\0\n'));
    for (const f of files) parts.push(Buffer.from(f), Buffer.from('\0'));
  } else parts.push(Buffer.from('\0'));
  return Buffer.concat(parts);
}

function parseAll(bytes: Buffer, chunkSize = bytes.length): { commits: RawCommit[]; malformed: number } {
  const parser = new LogStreamParser(NONCE, { maxFiles: 3, maxTokenBytes: 1_000 });
  const commits: RawCommit[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) commits.push(...parser.push(bytes.subarray(i, i + chunkSize)));
  commits.push(...parser.end());
  return { commits, malformed: parser.malformed };
}

describe('LogStreamParser', () => {
  it('parses records with and without files, empty body, whatever the chunking', () => {
    const bytes = Buffer.concat([record(SHA1, '1700000001', 'Fix legend', 'Body\nwith lines\n', ['src/a.ts', 'b c.ts']), record(SHA2, '1700000000', 'empty', '', [])]);
    const expected = [
      { sha: SHA1, time: 1700000001, subject: 'Fix legend', body: 'Body\nwith lines\n', files: ['src/a.ts', 'b c.ts'], fileCount: 2 },
      { sha: SHA2, time: 1700000000, subject: 'empty', body: '', files: [], fileCount: 0 },
    ];
    for (const size of [bytes.length, 1, 3, 7, 64]) expect(parseAll(bytes, size).commits).toEqual(expected);
  });

  it('keeps bodies that contain the format, other separators, git-log lookalikes and the nonce as part of a line', () => {
    const body = `commit ${SHA2}\n%x00 ${NONCE} \x1e\x1f\ndiff --git a/x b/x\n`;
    const { commits } = parseAll(record(SHA1, '1', 'subject', body, ['x.ts']));
    expect(commits).toEqual([expect.objectContaining({ sha: SHA1, body, files: ['x.ts'] })]);
  });

  it('decodes invalid UTF-8 leniently, also when a multi-byte character is split between chunks', () => {
    const junk = Buffer.from([0x66, 0x69, 0x78, 0x20, 0xff, 0xfe, 0xc3]);
    const bytes = record(SHA1, '1', junk, Buffer.from('café ☕'), [Buffer.from([0x70, 0xe9, 0x2e, 0x74, 0x73])]);
    for (const size of [bytes.length, 1, 2]) {
      const [c] = parseAll(bytes, size).commits;
      expect(c?.subject).toBe('fix \uFFFD\uFFFD\uFFFD');
      expect(c?.body).toBe('café ☕');
      expect(c?.files).toEqual(['p\uFFFD.ts']);
    }
  });

  it('counts every file but keeps at most maxFiles; cuts huge tokens', () => {
    const { commits } = parseAll(record(SHA1, '1', 's', 'b'.repeat(5_000), ['a', 'b', 'c', 'd', 'e']));
    expect(commits[0]).toMatchObject({ files: ['a', 'b', 'c'], fileCount: 5 });
    expect(commits[0]?.body).toHaveLength(1_000);
  });

  it('skips records without a valid sha or time, and noise before the first record', () => {
    const bytes = Buffer.concat([Buffer.from('warning: noise\0'), record('nothex', '1', 's', '', []), record(SHA1, 'later', 's', '', []), record(SHA2, '5', 'ok', '', [])]);
    const { commits, malformed } = parseAll(bytes);
    expect(commits.map((c) => c.sha)).toEqual([SHA2]);
    expect(malformed).toBe(2);
  });

  it('reads what a real git prints (sentinel-looking body, empty message, unicode path)', () => {
    const root = mkdtempSync(join(tmpdir(), 'graphgate-log-'));
    try {
      const git = (...args: string[]) => execFileSync('git', ['-C', root, '-c', 'user.name=t', '-c', 'user.email=t@x', ...args], { encoding: 'utf8' });
      git('init', '-q');
      writeFileSync(join(root, 'ünï côde.ts'), '1');
      git('add', '-A');
      git('commit', '-q', '-m', 'First ABC-1', '-m', `body with ${NONCE} and %x00 inside`);
      writeFileSync(join(root, 'b.ts'), '2');
      git('add', '-A');
      git('commit', '-q', '--allow-empty-message', '-m', '');
      const out = execFileSync('git', ['-C', root, 'log', '-z', '--name-only', '--no-renames', `--format=${logFormat(NONCE)}`, 'HEAD']);
      const { commits } = parseAll(out, 5);
      expect(commits.map((c) => [c.subject, c.files])).toEqual([['', ['b.ts']], ['First ABC-1', ['ünï côde.ts']]]);
      expect(commits[1]?.body).toBe(`body with ${NONCE} and %x00 inside\n`);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
