import { createWriteStream, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { packageRoot } from '../../src/runtime/package-root.js';
import type { Recorder } from './recorder.js';

/** The built CLI (`npm run soak` and the e2e test build first). */
export const MAIN = join(packageRoot(), 'dist', 'src', 'cli', 'main.js');

/** The envelope fields the harness reads; parsed loosely so a malformed answer is recorded, not thrown. */
export interface TurnLike {
  outcome: 'ok' | 'denied' | 'pack_insufficient';
  state: string;
  workId: string | null;
  agentId: string | null;
  traceRef: string;
  result: Record<string, unknown>;
  deny?: { code: string; message: string; retryable: boolean; details: Record<string, unknown> };
  suggestedAction?: { verb: string; args?: Record<string, unknown>; retryAfterMs?: number };
}

/** One answered or failed call: `res` when the server answered, `error` when the call itself failed (process gone, timeout). */
export interface CallResult {
  res?: TurnLike;
  error?: string;
  ms: number;
}

export interface SpawnOptions {
  root: string;
  env: Record<string, string>;
  logDir: string;
  /** Names the stderr log file: agent index and process generation. */
  label: string;
  /** Node options before the script (`--cpu-prof …`: not allowed in NODE_OPTIONS). */
  nodeArgs?: readonly string[];
  /** The CLI to run (default: this build's, MAIN). */
  main?: string;
}

/** One `graphgate mcp` process over stdio with the official SDK client, its stderr kept in a log file. */
export class McpAgent {
  private constructor(private readonly client: Client, private readonly transport: StdioClientTransport, private readonly log: WriteStream, readonly label: string) {}

  static async spawn(options: SpawnOptions): Promise<McpAgent> {
    const transport = new StdioClientTransport({ command: process.execPath, args: [...(options.nodeArgs ?? []), options.main ?? MAIN, 'mcp', '--repo', options.root], env: options.env, stderr: 'pipe' });
    const log = createWriteStream(join(options.logDir, `${options.label}.stderr.log`));
    // Drained always: a full stderr pipe would stall the server.
    transport.stderr?.on('data', (chunk: Buffer) => log.write(chunk));
    const client = new Client({ name: 'graphgate-soak', version: '1.0.0' });
    await client.connect(transport);
    return new McpAgent(client, transport, log, options.label);
  }

  get pid(): number | null {
    return this.transport.pid;
  }

  /** One controller_turn; latency and outcome go to the recorder under `workId` (the work the caller acts for). */
  async turn(rec: Recorder, agent: number, workId: string | null, args: Record<string, unknown>, recordAs?: string): Promise<CallResult> {
    const verb = recordAs ?? (typeof args.verb === 'string' && /^[a-z_]{1,64}$/.test(args.verb) ? args.verb : '(malformed)');
    const started = performance.now();
    let out: CallResult;
    try {
      const reply = await this.client.callTool({ name: 'controller_turn', arguments: args }, undefined, { timeout: 180_000 });
      const res = reply.structuredContent as TurnLike | undefined;
      out = res && typeof res.traceRef === 'string' ? { res, ms: performance.now() - started } : { error: `no envelope: ${JSON.stringify(reply).slice(0, 200)}`, ms: performance.now() - started };
    } catch (error) {
      out = { error: error instanceof Error ? error.message : String(error), ms: performance.now() - started };
    }
    rec.record({ agent, verb, workId, process: this.label, ...out });
    return out;
  }

  /** SIGKILL, as a crashed or OOM-killed agent host would. */
  kill(): void {
    const pid = this.pid;
    if (pid) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }

  async close(): Promise<void> {
    await this.client.close().catch(() => undefined);
    this.log.end();
  }
}
