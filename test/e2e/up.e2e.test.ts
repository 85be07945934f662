import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { packageRoot } from '../../src/runtime/package-root.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { nodesByLabel } from '../support/ingest-queries.js';
import { SAMPLE_WORKSPACE } from '../../src/cli/up.command.js';
import { WatchLeadership } from '../../src/mcp/watch-leadership.js';

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

  it('connects to Neo4j, ingests the sample workspace, serves GraphQL and the observer console over it, and stops cleanly on SIGTERM', async () => {
    const neo4j = inject('neo4j');
    child = spawn('node', [cli, 'up', '--graphql-port', '0', '--observe-port', '0', '--repo-id', repoId], {
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
    // The observer console of the same repository is up beside it.
    const observer = /Observer:\s+(\S+)/.exec(out)?.[1] ?? '';
    const health = await fetch(new URL('/health', observer));
    expect(health.status).toBe(200);
    expect(JSON.stringify(await health.json())).toContain(repoId);
    const exited = new Promise<number | null>((resolve) => child?.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

describe('graphgate up --watch', () => {
  let child: ChildProcess | undefined;
  const repoId = testNamespace('up-watch');
  const root = mkdtempSync(join(tmpdir(), 'graphgate-up-watch-'));
  afterAll(async () => {
    child?.kill('SIGKILL');
    const graph = openTestGraph();
    await cleanNamespace(graph, repoId);
    await graph.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('keeps the graph current while the server runs: a component added on disk appears in the graph', async () => {
    cpSync(SAMPLE_WORKSPACE, root, { recursive: true });
    const neo4j = inject('neo4j');
    child = spawn('node', [cli, 'up', '--watch', '--repo', root, '--graphql-port', '0', '--repo-id', repoId], {
      env: { ...process.env, NEO4J_URI: neo4j.uri, NEO4J_USERNAME: neo4j.username, NEO4J_PASSWORD: neo4j.password },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = await waitFor(child, /GraphiQL:\s+(\S+)/, 120_000);
    expect(out).toContain(`watching ${root}`);
    // It holds the checkout's watch lead, so MCP servers on it rely on its watcher instead of starting their own.
    const lead = WatchLeadership.forRepository(root, repoId, { uri: neo4j.uri, ...(process.env.NEO4J_DATABASE ? { database: process.env.NEO4J_DATABASE } : {}) });
    expect(lead.peerLeads()).toBe(true);
    expect(JSON.parse(readFileSync(lead.file, 'utf8'))).toMatchObject({ pid: child.pid });
    const graph = openTestGraph();
    try {
      const selectors = async () => (await graph.read(nodesByLabel, { repoId, label: 'Component' })).map((n) => n.props.selector);
      expect(await selectors()).not.toContain('app-watch-probe');
      writeFileSync(join(root, 'projects/host/src/app/watch-probe.component.ts'), [
        "import { Component } from '@angular/core';",
        '',
        "@Component({ selector: 'app-watch-probe', standalone: true, template: '<p>probe</p>' })",
        'export class WatchProbeComponent {}',
        '',
      ].join('\n'));
      const deadline = Date.now() + 30_000;
      while (!(await selectors()).includes('app-watch-probe') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      expect(await selectors()).toContain('app-watch-probe');
    } finally {
      await graph.close();
    }
    const exited = new Promise<number | null>((resolve) => child?.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(lead.file)).toBe(false);
  });
});
