import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { packageRoot } from '../../src/runtime/package-root.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';

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
  const repoId = testNamespace('up');
  afterAll(async () => {
    child?.kill('SIGKILL');
    const graph = openTestGraph();
    await cleanNamespace(graph, repoId);
    await graph.close();
  });

  it('connects to Neo4j, ingests the sample workspace, serves GraphQL over it, and stops cleanly on SIGTERM', async () => {
    const neo4j = inject('neo4j');
    child = spawn('node', [cli, 'up', '--graphql-port', '0', '--repo-id', repoId], {
      env: { ...process.env, NEO4J_URI: neo4j.uri, NEO4J_USERNAME: neo4j.username, NEO4J_PASSWORD: neo4j.password },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = await waitFor(child, /GraphiQL:\s+(\S+)/, 120_000);
    expect(out).toContain(`Neo4j ${neo4j.version}`);
    expect(out).toMatch(/facts written: .*Route/);
    const url = /GraphiQL:\s+(\S+)/.exec(out)?.[1] ?? '';
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'query($repoId: String!) { files(where: { repoId: { eq: $repoId }, path: { eq: "angular.json" } }) { path kind } }',
        variables: { repoId },
      }),
    });
    expect(await response.json()).toEqual({ data: { files: [{ path: 'angular.json', kind: 'json' }] } });
    const exited = new Promise<number | null>((resolve) => child?.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
