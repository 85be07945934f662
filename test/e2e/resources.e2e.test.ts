import { createHash } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
// ajv is already installed (a dependency of the MCP SDK); 2020-12 is the draft the schema declares.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../ingest/index.js';
import type { TurnResponse } from '../../src/controller/envelope.schema.js';
import type { Graph } from '../../src/graph/graph.js';
import type { PlanGraph, PlanGraphSchemaDocument } from '../../src/plan/index.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { AGENT_LOOP_GATES, gitFixtureCopy, turnCaller } from '../support/agent-loop-fixture.js';
import { agentLoopPlan, LOOP_LEXEMES, LOOP_PROMPT, ORDERS_LIST_HTML } from '../support/agent-loop-plan.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { connectClient } from '../support/mcp-process.js';
import type { EnvelopeValues } from '../support/plan-fixture.js';

type SchemaRef = { uri: string; workUri: string; hash: string; inline: boolean; envelope: EnvelopeValues; strategyId?: string; jsonSchema?: unknown };
const sha = (text: string) => `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
const textOf = (res: { contents: Array<{ text?: unknown }> }) => String(res.contents[0]?.text ?? '');

// Resources over stdio with the official SDK client: the schema by reference for a client that lists
// resources (and inline for one that never does), the schema validating an accepted plan, the whole
// pack read back page by page, and hostile URIs refused with a structured error.
describe('MCP resources over stdio', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof gitFixtureCopy>;
  let lister: Client;
  let plain: Client;
  const repoId = testNamespace('mcp-resources');
  const callLister = turnCaller(() => lister);
  const callPlain = turnCaller(() => plain);
  let init: TurnResponse;
  let ids: { workId: string; agentId: string };

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = gitFixtureCopy(AGENT_LOOP_GATES);
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
    ({ client: lister } = await connectClient(fixture.root, repoId));
    ({ client: plain } = await connectClient(fixture.root, repoId));
  }, 120_000);
  afterAll(async () => {
    await lister?.close();
    await plain?.close();
    await cleanNamespace(graph, repoId);
    fixture?.dispose();
    await graph?.close();
  });

  it('lists the schema and the work templates; a client that listed them gets planGraphSchema by reference', async () => {
    const { resources } = await lister.listResources();
    expect(resources).toEqual([expect.objectContaining({ uri: 'graphgate://schema/plan-graph', mimeType: 'application/schema+json' })]);
    const { resourceTemplates } = await lister.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['graphgate://work/{workId}/plan-schema', 'graphgate://work/{workId}/pack{?page}']);
    expect(lister.getInstructions()?.slice(0, 512)).toMatch(/ranked, cited context pack[\s\S]*initialize_work[\s\S]*originalPrompt/);

    init = await callLister({ verb: 'initialize_work', originalPrompt: LOOP_PROMPT, args: { lexemes: LOOP_LEXEMES } });
    expect(init.state).toBe('PLANNING');
    ids = { workId: init.workId!, agentId: init.agentId! };
    const schema = init.result.planGraphSchema as SchemaRef;
    expect(schema).toMatchObject({ uri: 'graphgate://schema/plan-graph', workUri: `graphgate://work/${ids.workId}/plan-schema`, inline: false });
    expect(schema.jsonSchema).toBeUndefined();
    expect(JSON.stringify(schema).length).toBeLessThan(8_000);
  });

  it('serves the PlanGraph JSON Schema under its hash, and it validates the accepted agent-loop plan', async () => {
    const schema = init.result.planGraphSchema as SchemaRef;
    const text = textOf(await lister.readResource({ uri: schema.uri }));
    expect(sha(text)).toBe(schema.hash);
    const plan: PlanGraph = { ...agentLoopPlan(schema.envelope, `chain:aggrid:${ORDERS_LIST_HTML}:3`), knowledgeStrategyId: schema.strategyId ?? 'ui_aggrid_feature' };
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    const validate = ajv.compile(JSON.parse(text) as object);
    expect(validate(plan), JSON.stringify(validate.errors)).toBe(true);
    // The work's own document: its JSON Schema (with this work's evidence minima) accepts the same plan.
    const doc = JSON.parse(textOf(await lister.readResource({ uri: schema.workUri }))) as PlanGraphSchemaDocument;
    expect(doc.envelope).toEqual(schema.envelope);
    expect(doc.validatorSummaries).toBeDefined();
    const strict = ajv.compile(doc.jsonSchema);
    expect(strict(plan), JSON.stringify(strict.errors)).toBe(true);
    // …and a bad one fails it (the check is not vacuous).
    expect(strict({ ...plan, nodes: 'none' })).toBe(false);
    const accepted = await callLister({ verb: 'submit_execution_plan', ...ids, args: { planGraph: plan } });
    expect(accepted.deny).toBeUndefined();
    expect(accepted.state).toBe('PLAN_ACCEPTED');
  });

  it('reads the whole stored pack back page by page: same bytes, same hash, every file', async () => {
    let uri: string | null = `graphgate://work/${ids.workId}/pack`;
    const chunks: string[] = [];
    let pages = 0;
    let hash = '';
    while (uri) {
      const res = await lister.readResource({ uri });
      const text = textOf(res);
      const header = /^\[graphgate pack (sha256:[0-9a-f]{64}) page (\d+)\/(\d+), [^\n]*; (?:next: (\S+)|last page)\]\n/.exec(text);
      expect(header, text.slice(0, 200)).not.toBeNull();
      expect(Number(header![2])).toBe(chunks.length + 1);
      expect(res.contents[0]?._meta).toMatchObject({ 'graphgate/page': chunks.length + 1, 'graphgate/pages': Number(header![3]) });
      hash = header![1]!;
      pages = Number(header![3]);
      chunks.push(text.slice(header![0].length));
      uri = header![4] ?? null;
      expect(chunks.length).toBeLessThanOrEqual(pages);
    }
    expect(chunks.length).toBe(pages);
    const whole = chunks.join('');
    expect(sha(whole)).toBe(hash);
    if (init.contextPack) expect(hash).toBe(init.contextPack.hash);
    const pack = JSON.parse(whole) as { evidence: { files: Array<{ path: string }> } };
    expect(pack.evidence.files.length).toBeGreaterThan(0);
    for (const { path } of pack.evidence.files) expect(whole).toContain(JSON.stringify(path));
    // Every file the inline answer cites (`path`, or a `path:start-end …` citation) is in the stored pack.
    const cited = (init.result.contextPack as { files?: unknown } | undefined)?.files;
    for (const f of Array.isArray(cited) ? (cited as Array<string | { path: string }>) : []) {
      expect(whole).toContain(JSON.stringify(typeof f === 'string' ? f.split(/[:\s]/)[0] : f.path));
    }

    // The same page through controller_turn, for clients whose model cannot read resources.
    const viaVerb = await callLister({ verb: 'read_resource', ...ids, args: { uri: `graphgate://work/${ids.workId}/pack`, page: 1 } });
    expect(viaVerb.outcome).toBe('ok');
    expect(viaVerb.result).toMatchObject({ page: 1, pages, hash });
    expect(String(viaVerb.result.text).slice(String(viaVerb.result.text).indexOf('\n') + 1)).toBe(chunks[0]);
    const schemaViaVerb = await callLister({ verb: 'read_resource', ...ids, args: { uri: 'graphgate://schema/plan-graph' } });
    expect(sha(String(schemaViaVerb.result.text))).toBe((init.result.planGraphSchema as SchemaRef).hash);
  });

  it('sends the full schema inline to a client that never listed resources, or when asked', async () => {
    const res = await callPlain({ verb: 'initialize_work', originalPrompt: LOOP_PROMPT, args: { lexemes: LOOP_LEXEMES } });
    const schema = res.result.planGraphSchema as SchemaRef & PlanGraphSchemaDocument;
    expect(schema.inline).toBe(true);
    expect(schema.jsonSchema).toMatchObject({ type: 'object' });
    expect(schema.validatorSummaries).toBeDefined();
    const asked = await callLister({ verb: 'initialize_work', originalPrompt: LOOP_PROMPT, args: { lexemes: LOOP_LEXEMES, inlineSchema: true } });
    expect((asked.result.planGraphSchema as SchemaRef).jsonSchema).toMatchObject({ type: 'object' });
  });

  it('refuses hostile or unknown URIs with a structured MCP error and keeps serving', async () => {
    const refused = async (uri: string): Promise<McpError> => {
      const error = await lister.readResource({ uri }).then(() => null, (e: unknown) => e);
      expect(error, uri).toBeInstanceOf(McpError);
      return error as McpError;
    };
    const w = ids.workId;
    for (const uri of ['file:///etc/passwd', 'graphgate://work/../../etc/pack', 'graphgate://work/%2e%2e/pack', `graphgate://work/${w}/pack/../../../../etc/passwd`,
      `graphgate://work/${w}/pack?page=abc`, `graphgate://work/${w}/pack?page=0`, `graphgate://work/${w}/pack?page=-1`, `graphgate://work/${w}/plan-schema?page=2`,
      'graphgate://schema/plan-graph/../../secrets', `graphgate://work/${w}/pack?page=999`, `graphgate://work/${'x'.repeat(600)}/pack`]) {
      const error = await refused(uri);
      expect(error.code, uri).toBe(-32602);
      expect(error.message).not.toMatch(/at .*\.js:\d+/);
    }
    expect((await refused('graphgate://work/work_does_not_exist/pack')).code).toBe(-32002);
    expect((await refused('graphgate://work/work_does_not_exist/plan-schema')).code).toBe(-32002);
    // The verb refuses the same, and another work's resources, with a deny (never a crash).
    for (const uri of ['file:///etc/passwd', `graphgate://work/${w}/pack?page=abc`, 'graphgate://work/work_other/pack']) {
      const denied = await callLister({ verb: 'read_resource', ...ids, args: { uri } });
      expect(denied.outcome, uri).toBe('denied');
      expect(denied.deny?.code).toBe('INVALID_ARGS');
    }
    expect((await lister.listResources()).resources).toHaveLength(1);
  });
});
