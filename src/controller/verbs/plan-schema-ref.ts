import { z } from 'zod';
import { PLAN_SCHEMA_URI, planGraphSchemaResource, workSchemaUri } from '../../mcp/resources.js';
import type { PlanGraphSchemaDocument } from '../../plan/index.js';
import type { VerbContext } from '../verb.js';

/** The optional arg initialize_work and escalate take to ask for the full schema inline. */
export const inlineSchemaArg = z.boolean().optional().describe('true: the full PlanGraph JSON Schema inline in planGraphSchema (otherwise by reference when your client reads MCP resources)');

/**
 * Whether the full planGraphSchema goes inline: asked for (`args.inlineSchema: true`), configured
 * (`mcp.inlineSchema: 'always'`), or 'auto' for a caller that cannot be shown to read resources (it
 * has not called resources/list or resources/templates/list in this MCP session, or is not MCP at all).
 */
export function schemaInline(ctx: Pick<VerbContext, 'config' | 'resourcesListed'>, asked: boolean | undefined): boolean {
  if (asked === true) return true;
  const mode = ctx.config.mcp.inlineSchema;
  return mode === 'always' || (mode === 'auto' && ctx.resourcesListed !== true);
}

/**
 * planGraphSchema for a response: always the resource URIs and the schema's hash; inline, the whole
 * document; by reference, only what is specific to this work (the values a plan must repeat, the ids
 * it may cite, the targets hooks may name, the obligations the validators enforce). The validator
 * summaries, required fields and JSON Schema stay behind `workUri`.
 */
export function planSchemaForResponse(doc: PlanGraphSchemaDocument, workId: string, inline: boolean): Record<string, unknown> {
  const ref = { uri: PLAN_SCHEMA_URI, workUri: workSchemaUri(workId), hash: planGraphSchemaResource().hash };
  if (inline) return { ...ref, inline: true, ...doc };
  return {
    ...ref,
    inline: false,
    read: 'the full schema: read the resource uri (or workUri for this work\'s minima), or call read_resource, or pass args.inlineSchema: true',
    schemaVersion: doc.schemaVersion,
    expectedNodeKinds: doc.expectedNodeKinds,
    evidencePolicy: doc.evidencePolicy,
    enforcementObligations: doc.enforcementObligations,
    verificationTargets: doc.verificationTargets,
    ...(doc.strategyId ? { strategyId: doc.strategyId } : {}),
    ...(doc.envelope ? { envelope: doc.envelope } : {}),
    ...(doc.citableRefs ? { citableRefs: Object.fromEntries(Object.entries(doc.citableRefs).filter(([, ids]) => ids.length > 0)) } : {}),
  };
}
