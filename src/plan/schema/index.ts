export * from './fields.schema.js';
export * from './nodes.schema.js';
export * from './plan-graph.schema.js';
export { planGraphJsonSchema, requiredFieldsByKind, type PlanGraphSchemaDocument, type PlanSchemaAugmentations } from './json-schema.js';
