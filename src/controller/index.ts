export { TurnDispatcher, type ControllerOptions, type ControllerServices } from './turn-dispatcher.js';
export { TurnEvents, type TurnEvent } from './turn-events.js';
export { TurnResponseSchema, SCHEMA_VERSION, type TurnResponse, type SuggestedAction } from './envelope.schema.js';
export { TurnRequestSchema, type TurnRequest } from './turn-request.schema.js';
export { VerbRegistry, defaultVerbs } from './verb-registry.js';
export { defineVerb, type VerbDefinition, type VerbContext, type VerbOutcome } from './verb.js';
export { TurnDenial } from './deny.js';
export { RUN_STATES, VERB_NAMES, RETIRED_VERBS, BUDGET_SAFE_VERBS, type RunState, type VerbName } from './states.js';
