import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { packageRoot } from '../../src/runtime/package-root.js';

const cli = join(packageRoot(), 'dist', 'src', 'cli', 'main.js');

/** Collects stdout until `pattern` appears (or the process exits). */
function waitFor(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`timed out; output so far:\n${out}`)), timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (pattern.test(out)) {
        clearTimeout(timer);
        resolve(out);
      }
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}; output:\n${out}`)));
  });
}

describe('graphgate up (npm start)', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGKILL');
  });

  it('connects to Neo4j, serves GraphQL that answers a query, and stops cleanly on SIGTERM', async () => {
    const neo4j = inject('neo4j');
    child = spawn('node', [cli, 'up', '--graphql-port', '0'], {
      env: { ...process.env, NEO4J_URI: neo4j.uri, NEO4J_USERNAME: neo4j.username, NEO4J_PASSWORD: neo4j.password },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = await waitFor(child, /GraphiQL:\s+(\S+)/, 120_000);
    expect(out).toContain(`Neo4j ${neo4j.version}`);
    const url = /GraphiQL:\s+(\S+)/.exec(out)?.[1] ?? '';
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __schema { queryType { name } } }' }),
    });
    expect(await response.json()).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
    const exited = new Promise<number | null>((resolve) => child?.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
