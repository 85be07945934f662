import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema, ErrorCode, ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ListToolsRequestSchema, McpError,
  ReadResourceRequestSchema, type CallToolResult, type ReadResourceResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { TurnResponse } from '../controller/envelope.schema.js';
import { toAppError } from '../errors/index.js';
import { CONTROLLER_TOOL, TOOL_NAME } from './controller-tool.js';
import { RESOURCE_TEMPLATES, RESOURCES, type ResourceText } from './resources.js';

/** Anything that answers a controller turn and reads resources (the TurnDispatcher in production). */
export interface TurnHandler {
  turn(args: unknown, call: { signal?: AbortSignal; progress?: (message: string) => void; resourcesListed?: boolean }): Promise<TurnResponse>;
  readResource(uri: string, call: { signal?: AbortSignal }): Promise<ResourceText>;
}

/**
 * Read first by clients that load only server instructions and tool names until a tool is used
 * (Claude Code's tool search): the first 512 characters say what graphgate gives and the first call.
 */
export const SERVER_INSTRUCTIONS = [
  'graphgate gives a coding agent a ranked, cited context pack for a task (files with line ranges and reasons, from a code graph),',
  'validates your execution plan before any edit, and applies edits only behind configured gates (tests, commit, review).',
  'First call: controller_turn with {"verb":"initialize_work","originalPrompt":"<the user request, verbatim>"};',
  'keep the returned workId and agentId for every later call. Each answer lists the verbs allowed next.',
  'Full schema and pack: resources graphgate://schema/plan-graph and graphgate://work/<workId>/pack (or verb read_resource).',
].join(' ');

/**
 * Claude Code keeps a tool result inline up to the size its tools/list entry declares in
 * `_meta["anthropic/maxResultSizeChars"]` (at most 500,000), instead of saving a larger one to a file
 * the model reads back: https://code.claude.com/docs/en/mcp#raise-the-limit-for-a-specific-tool.
 * 100,000 covers the largest answer graphgate builds (initialize_work with the schema inline and a
 * full pack budget); answers stay far smaller by default. We found no other client documenting such a key.
 */
export const MAX_RESULT_SIZE_CHARS = 100_000;
const LISTED_TOOL = { ...CONTROLLER_TOOL, _meta: { 'anthropic/maxResultSizeChars': MAX_RESULT_SIZE_CHARS } };

/** Resource not found (MCP specification, resources: error handling). */
const RESOURCE_NOT_FOUND = -32002;

/** The MCP result for an envelope: structured content, a JSON text block for older clients, isError on a deny. */
export function toToolResult(envelope: TurnResponse): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(envelope) }],
    structuredContent: envelope as unknown as Record<string, unknown>,
    isError: envelope.outcome === 'denied',
  };
}

function toResourceResult(read: ResourceText): ReadResourceResult {
  const meta = read.page === undefined ? {} : { _meta: { 'graphgate/page': read.page, 'graphgate/pages': read.pages, 'graphgate/nextUri': read.nextUri ?? null } };
  return { contents: [{ uri: read.uri, mimeType: read.mimeType, text: read.text, ...meta }] };
}

/**
 * The MCP server (official SDK, low-level `Server` so arguments reach our own validation and come
 * back as deny envelopes). initialize, tools/list and resources/list never touch the graph.
 */
export function createMcpServer(options: { handler: TurnHandler; version: string }): Server {
  const server = new Server(
    { name: 'graphgate', title: 'graphgate', version: options.version },
    {
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
      instructions: SERVER_INSTRUCTIONS,
    },
  );
  // A client that lists resources can read them: initialize_work then sends the schema by reference
  // (mcp.inlineSchema 'auto'). One server per stdio session, so this flag is the session's.
  let resourcesListed = false;
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [LISTED_TOOL] }));
  server.setRequestHandler(ListResourcesRequestSchema, async () => {
    resourcesListed = true;
    return { resources: RESOURCES };
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => {
    resourcesListed = true;
    return { resourceTemplates: RESOURCE_TEMPLATES };
  });
  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    const uri = String(request.params.uri);
    try {
      return toResourceResult(await options.handler.readResource(uri, { signal: extra.signal }));
    } catch (error) {
      const app = toAppError(error);
      const shown = uri.slice(0, 200);
      if (app.code === 'INVALID_ARGS' || app.code === 'PATH_REJECTED') throw new McpError(ErrorCode.InvalidParams, app.message, { uri: shown, code: app.code });
      if (app.code === 'NOT_FOUND') throw new McpError(RESOURCE_NOT_FOUND, app.message, { uri: shown, code: app.code });
      // Anything else (graph unreachable, …): the catalog's safe message, never a stack.
      throw new McpError(ErrorCode.InternalError, app.message, { uri: shown, code: app.code });
    }
  });
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
    const envelope = await options.handler.turn(request.params.arguments ?? {}, { signal: extra.signal, progress, resourcesListed });
    return toToolResult(envelope);
  });
  return server;
}
