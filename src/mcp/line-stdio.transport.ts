import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export interface LineStdioOptions {
  stdin?: Readable;
  stdout?: Writable;
  /** Longest line accepted; a longer one is discarded as it streams in (memory stays bounded). */
  maxLineBytes: number;
  /** Deepest JSON nesting accepted (checked before parsing). */
  maxDepth: number;
  onProtocolError?: (info: { code: number; reason: string }) => void;
}

/** Deepest array/object nesting of a JSON text, ignoring brackets inside strings. */
export function jsonDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth++;
      if (depth > max) max = depth;
      if (max > stopAbove) return max;
    } else if (c === 93 || c === 125) depth--;
  }
  return max;
}

/**
 * MCP stdio transport (newline-delimited JSON-RPC) implementing the SDK's Transport interface.
 * Unlike the stock one it answers malformed input with standard JSON-RPC errors (-32700 parse
 * error, -32600 invalid request, id null), discards over-long lines without buffering them, refuses
 * over-deep nesting, and ends cleanly when stdin closes. It writes nothing but JSON-RPC to stdout.
 */
export class LineStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly stdin: Readable;
  private readonly stdout: Writable;
  private chunks: Buffer[] = [];
  private pending = 0;
  private discarding = false;
  private closed = false;

  constructor(private readonly options: LineStdioOptions) {
    this.stdin = options.stdin ?? process.stdin;
    this.stdout = options.stdout ?? process.stdout;
  }

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('end', this.onEnd);
    this.stdin.on('error', this.onStreamError);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.write(`${JSON.stringify(message)}\n`);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('end', this.onEnd);
    this.stdin.off('error', this.onStreamError);
    this.stdin.pause();
    this.chunks = [];
    this.onclose?.();
  }

  private readonly onEnd = (): void => void this.close();
  private readonly onStreamError = (error: Error): void => this.onerror?.(error);

  private readonly onData = (chunk: Buffer): void => {
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, nl);
      start = nl + 1;
      if (this.discarding) {
        this.discarding = false;
        this.chunks = [];
        this.pending = 0;
        this.protocolError(-32600, 'Invalid Request: message too large');
        continue;
      }
      const line = this.chunks.length === 0 ? piece : Buffer.concat([...this.chunks, piece]);
      this.chunks = [];
      this.pending = 0;
      if (line.length > this.options.maxLineBytes) this.protocolError(-32600, 'Invalid Request: message too large');
      else this.handleLine(line.toString('utf8'));
    }
    const rest = chunk.subarray(start);
    if (rest.length === 0 || this.discarding) return;
    this.pending += rest.length;
    if (this.pending > this.options.maxLineBytes) {
      this.discarding = true;
      this.chunks = [];
      this.pending = 0;
    } else this.chunks.push(Buffer.from(rest));
  };

  private handleLine(raw: string): void {
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text.trim() === '') return;
    if (jsonDepth(text, this.options.maxDepth) > this.options.maxDepth) {
      this.protocolError(-32600, 'Invalid Request: nesting too deep');
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.protocolError(-32700, 'Parse error');
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      const id = value && typeof value === 'object' && !Array.isArray(value) ? (value as { id?: unknown }).id : undefined;
      this.protocolError(-32600, 'Invalid Request', typeof id === 'string' || typeof id === 'number' ? id : null);
      return;
    }
    try {
      this.onmessage?.(parsed.data);
    } catch (error) {
      this.onerror?.(error as Error);
    }
  }

  private protocolError(code: number, message: string, id: string | number | null = null): void {
    this.options.onProtocolError?.({ code, reason: message });
    void this.write(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })}\n`).catch(() => undefined);
  }

  private write(text: string): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.stdout.destroyed || !this.stdout.writable) {
        reject(new Error('stdout is closed'));
        return;
      }
      if (this.stdout.write(text)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }
}
