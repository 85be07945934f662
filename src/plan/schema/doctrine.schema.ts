import { z } from 'zod';
import { CONCERNS } from './fields.schema.js';
import { NODE_KINDS } from './nodes.schema.js';

/** One step of a doctrine's required node sequence: a node kind, optionally with a concern. */
export const doctrineStep = z.strictObject({
  kind: z.enum(NODE_KINDS).describe('node kind of the step'),
  concern: z.enum(CONCERNS).optional().describe('concern the node must declare (change, validate and escalate nodes carry one)'),
});
export type DoctrineStep = z.infer<typeof doctrineStep>;

/**
 * The plan doctrine a `Strategy` seed row may carry (`plan_doctrine`, stored on the node as
 * `planDoctrineJson`): what strategy compliance checks a plan's node sequence against.
 */
export const planDoctrineSeed = z.strictObject({
  allowed_concerns: z.array(z.enum(CONCERNS)).min(1).max(CONCERNS.length).describe('concerns change nodes may declare under this strategy'),
  validate_per_change: z.boolean().describe('every change node must be mapped by a validate node'),
  required_sequence: z.array(doctrineStep).max(10).optional()
    .describe('steps the plan must contain, in order: every node of a step depends (transitively) on a node of the step before'),
  permitted_switches: z.array(z.string().regex(/^[a-z][a-z0-9_.-]{0,79}$/)).max(10).optional()
    .describe('strategy ids a plan may follow instead of this one (a hard trigger already fired)'),
});
export type PlanDoctrineSeed = z.infer<typeof planDoctrineSeed>;
