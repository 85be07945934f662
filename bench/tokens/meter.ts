import { createWriteStream, type WriteStream } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { TurnResponse } from '../../src/controller/envelope.schema.js';

/** Characters → tokens: the chars/4 rule of thumb, not a tokenizer (JSON often runs nearer 3 chars a token). */
export const tokens = (chars: number): number => Math.round(chars / 4);

/** What one `controller_turn` cost the model that reads it. */
export interface CallSize {
  /** The loop step, e.g. `submit_execution_plan (rejected)`. */
  step: string;
  verb: string;
  outcome: string;
  denyCode: string | null;
  /** Length of the tool result's `content[].text`: what a client shows the model. */
  textChars: number;
  /** Length of `JSON.stringify(structuredContent)`: what a client that reads structured output gets. */
  structuredChars: number;
  /** Length of the serialized `result` value inside the text. */
  resultChars: number;
  /** Everything in the text but the `result` value: the envelope around it. */
  envelopeChars: number;
  /** Serialized size of each top-level envelope field, each `result.<field>` and each `result.<field>.<sub>` of an object. */
  fields: Record<string, number>;
  ms: number;
}

/** Tool definitions and server instructions: loaded by the client once per session, not per turn. */
export interface SessionOverhead {
  instructionsChars: number;
  toolsListChars: number;
  /** resources/list + resources/templates/list (0 when the client does not list resources). */
  resourcesListChars: number;
  /** Whether the client listed resources (planGraphSchema by reference) or not (inline). */
  listedResources: boolean;
}

const size = (value: unknown): number => (value === undefined ? 0 : JSON.stringify(value).length);

/** Sizes of a tool result: text content, structured content, and the envelope/result split of the text. */
export function measure(step: string, verb: string, reply: { content?: unknown; structuredContent?: unknown }, ms: number): CallSize {
  const blocks = Array.isArray(reply.content) ? (reply.content as Array<{ type?: string; text?: unknown }>) : [];
  const text = blocks.filter((b) => b.type === 'text' && typeof b.text === 'string').map((b) => b.text as string).join('');
  let parsed: Partial<TurnResponse> | null = null;
  try {
    parsed = JSON.parse(text) as Partial<TurnResponse>;
  } catch {
    // Not JSON: all of it counts as envelope (no result to separate).
  }
  const envelope = (parsed ?? reply.structuredContent ?? {}) as Record<string, unknown>;
  const resultChars = parsed ? size(parsed.result) : 0;
  const fields: Record<string, number> = {};
  for (const [key, value] of Object.entries(envelope)) {
    if (key !== 'result') fields[key] = size(value);
  }
  for (const [key, value] of Object.entries((envelope.result ?? {}) as Record<string, unknown>)) {
    fields[`result.${key}`] = size(value);
    // One level deeper for objects (where inside the pack or the schema the characters go).
    if (value && typeof value === 'object' && !Array.isArray(value)) for (const [sub, v] of Object.entries(value)) fields[`result.${key}.${sub}`] = size(v);
  }
  return {
    step, verb,
    outcome: String(envelope.outcome ?? 'unknown'),
    denyCode: (envelope.deny as { code?: string } | undefined)?.code ?? null,
    textChars: text.length,
    structuredChars: size(reply.structuredContent),
    resultChars,
    envelopeChars: text.length - resultChars,
    fields,
    ms: Math.round(ms),
  };
}

/**
 * One `graphgate mcp --repo <root>` over stdio with the official SDK client; every `controller_turn`
 * is sized as the model would receive it. The server's stderr goes to a log file.
 */
export class MeteredAgent {
  readonly calls: CallSize[] = [];

  private constructor(private readonly client: Client, private readonly log: WriteStream, readonly overhead: SessionOverhead) {}

  /** `listResources`: list resources after connecting, as Claude Code does (the by-reference path); false measures the inline path. */
  static async spawn(main: string, root: string, env: Record<string, string>, logFile: string, listResources = true): Promise<MeteredAgent> {
    const transport = new StdioClientTransport({ command: process.execPath, args: [main, 'mcp', '--repo', root], env, stderr: 'pipe' });
    const log = createWriteStream(logFile);
    // Drained always: a full stderr pipe would stall the server.
    transport.stderr?.on('data', (chunk: Buffer) => log.write(chunk));
    const client = new Client({ name: 'graphgate-bench-tokens', version: '1.0.0' });
    await client.connect(transport);
    const tools = await client.listTools();
    let resourcesListChars = 0;
    if (listResources) {
      const [resources, templates] = await Promise.all([client.listResources(), client.listResourceTemplates()]);
      resourcesListChars = size(resources.resources) + size(templates.resourceTemplates);
    }
    const overhead = { instructionsChars: (client.getInstructions() ?? '').length, toolsListChars: size(tools.tools), resourcesListChars, listedResources: listResources };
    return new MeteredAgent(client, log, overhead);
  }

  /** One turn, sized and recorded under `step`; returns the envelope. */
  async turn(step: string, args: Record<string, unknown>): Promise<TurnResponse> {
    const started = performance.now();
    const reply = await this.client.callTool({ name: 'controller_turn', arguments: args }, undefined, { timeout: 300_000 });
    this.calls.push(measure(step, String(args.verb), reply as { content?: unknown; structuredContent?: unknown }, performance.now() - started));
    const res = reply.structuredContent as TurnResponse | undefined;
    if (!res || typeof res.traceRef !== 'string') throw new Error(`${step}: no envelope in ${JSON.stringify(reply).slice(0, 300)}`);
    return res;
  }

  async close(): Promise<void> {
    await this.client.close().catch(() => undefined);
    this.log.end();
  }
}
