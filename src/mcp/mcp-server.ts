import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { TurnResponse } from '../controller/envelope.schema.js';
import { CONTROLLER_TOOL, TOOL_NAME } from './controller-tool.js';

/** Anything that answers a controller turn (the TurnDispatcher in production). */
export interface TurnHandler {
  turn(args: unknown, call: { signal?: AbortSignal; progress?: (message: string) => void }): Promise<TurnResponse>;
}

/** The MCP result for an envelope: structured content, a JSON text block for older clients, isError on a deny. */
export function toToolResult(envelope: TurnResponse): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(envelope) }],
    structuredContent: envelope as unknown as Record<string, unknown>,
    isError: envelope.outcome === 'denied',
  };
}

/**
 * The MCP server (official SDK, low-level `Server` so arguments reach our own validation and come
 * back as deny envelopes). initialize and tools/list never touch the graph.
 */
export function createMcpServer(options: { handler: TurnHandler; version: string }): Server {
  const server = new Server(
    { name: 'graphgate', title: 'graphgate', version: options.version },
    {
      capabilities: { tools: { listChanged: false } },
      instructions: 'Call controller_turn with verb "initialize_work" first; every response says what you may do next.',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [CONTROLLER_TOOL] }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    if (request.params.name !== TOOL_NAME) {
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${String(request.params.name).slice(0, 64)}"; the only tool is ${TOOL_NAME}.`);
    }
    const token = request.params._meta?.progressToken;
    let step = 0;
    // Progress notifications only when the client asked for them (it sent a progressToken).
    const progress = token === undefined ? undefined : (message: string): void => {
      step += 1;
      void extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: step, message } }).catch(() => undefined);
    };
    const envelope = await options.handler.turn(request.params.arguments ?? {}, { signal: extra.signal, progress });
    return toToolResult(envelope);
  });
  return server;
}
