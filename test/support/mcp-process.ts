import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { inject } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { packageRoot } from '../../src/runtime/package-root.js';

/** The built CLI (`npm test` builds first). */
export const MAIN = join(packageRoot(), 'dist', 'src', 'cli', 'main.js');

/** Environment for a spawned server: the suite's Neo4j, a fixed repoId, no local auto-start. */
export function serverEnv(repoId: string | null, extra: Record<string, string> = {}): Record<string, string> {
  const neo4j = inject('neo4j');
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NEO4J_URI: neo4j.uri,
    NEO4J_USERNAME: neo4j.username,
    NEO4J_PASSWORD: neo4j.password,
    ...(repoId ? { GRAPHGATE_REPO_ID: repoId } : {}),
    GRAPHGATE_AUTO_START_NEO4J: 'false',
    GRAPHGATE_LOG_LEVEL: 'warn',
    GRAPHGATE_STATEMENT_SHAPES: 'off',
    GRAPHGATE_DAEMON: 'off',
    ...extra,
  };
}

/** An SDK client connected over stdio to a freshly spawned `graphgate mcp --repo <repo>`. */
export async function connectClient(repo: string, repoId: string | null, extra: Record<string, string> = {}): Promise<{ client: Client; transport: StdioClientTransport }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [MAIN, 'mcp', '--repo', repo], env: serverEnv(repoId, extra), stderr: 'pipe' });
  const client = new Client({ name: 'graphgate-e2e', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

/** A raw server process for protocol-level tests: write lines, read every stdout line. */
export interface RawServer {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  send(line: string): void;
  /** Resolves with the first parsed stdout message matching `pick`. */
  next(pick: (msg: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  exited: Promise<number | null>;
}

export function spawnRaw(repo: string, repoId: string): RawServer {
  const child = spawn(process.execPath, [MAIN, 'mcp', '--repo', repo], { env: serverEnv(repoId), stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let buffer = '';
  const waiters: Array<() => void> = [];
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      lines.push(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
    }
    waiters.splice(0).forEach((w) => w());
  });
  child.stderr.resume();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    lines,
    send: (line) => void child.stdin.write(line.endsWith('\n') ? line : `${line}\n`),
    exited,
    next(pick, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching message; got ${lines.join('\n').slice(0, 500)}`)), timeoutMs);
        const check = (): void => {
          for (const line of lines) {
            const msg = JSON.parse(line) as Record<string, unknown>;
            if (pick(msg)) {
              clearTimeout(timer);
              resolve(msg);
              return;
            }
          }
          waiters.push(check);
        };
        check();
      });
    },
  };
}

export const initializeLine = (id: number, protocolVersion: string) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
