/**
 * Cue phrases the ContextSignature looks for, written as lowercase word sequences (prose is split on
 * punctuation and camelCase first, so `agGrid`, `ag-grid` and `ag grid` all read "ag grid").
 * Each list is a family of synonyms; a family counts once.
 */
export type CueFamily = readonly string[];

export const AG_GRID_STRONG: CueFamily[] = [
  ['ag grid', 'aggrid', 'ag grid angular'], ['col def', 'col defs', 'column def', 'column defs', 'column definition', 'column definitions'],
  ['cell renderer', 'cell renderers', 'cellrenderer'], ['grid options', 'grid api', 'grid ready'], ['row data', 'rowdata'],
  ['value getter', 'value formatter'],
];
export const AG_GRID_WEAK: CueFamily[] = [
  ['grid', 'grids'], ['table', 'tables'], ['column', 'columns'], ['row', 'rows'], ['cell', 'cells'],
  ['sort', 'sorting', 'sortable'], ['filter', 'filtering', 'filters'], ['pagination', 'paginate', 'paging'],
];

export const SHADOW_DOM: CueFamily[] = [
  ['shadow dom', 'shadowdom', 'shadow root', 'shadowroot', 'shadow roots'], ['web component', 'web components'],
  ['custom element', 'custom elements'], ['slot', 'slots', 'slotted'], ['view encapsulation'],
];

export const FEDERATION_STRONG: CueFamily[] = [
  ['module federation', 'native federation', 'federation', 'federated'], ['remote entry', 'remoteentry'],
  ['load remote module', 'loadremotemodule'], ['micro frontend', 'micro frontends', 'microfrontend', 'microfrontends', 'mfe'],
];
export const FEDERATION_WEAK: CueFamily[] = [['remote', 'remotes'], ['host app', 'host application', 'shell app', 'shell'], ['exposes', 'exposed', 'expose']];

export const MIGRATION: CueFamily[] = [
  ['migrate', 'migration', 'migrating', 'migrated'], ['replace', 'replacing', 'replacement'], ['convert', 'converting', 'conversion'],
  ['upgrade', 'upgrading'], ['swap', 'swapping'], ['deprecate', 'deprecated', 'legacy'], ['port', 'porting'],
];

export const SWAGGER: CueFamily[] = [['swagger'], ['openapi', 'open api'], ['api spec', 'api specification']];

/** Debug cues with a weight: symptoms count double, investigation verbs once. */
export const DEBUG_CUES: ReadonlyArray<readonly [CueFamily, number]> = [
  [['bug', 'bugs', 'defect'], 2], [['error', 'errors'], 2], [['exception', 'exceptions'], 2], [['crash', 'crashes', 'crashing'], 2],
  [['broken', 'breaks', 'breaking'], 2], [['fail', 'fails', 'failing', 'failure', 'failed'], 2], [['regression'], 2],
  [['not working', 'doesn t work', 'does not work', 'stopped working', 'no longer'], 2], [['wrong', 'incorrect', 'unexpected'], 2],
  [['undefined', 'null pointer', 'stack trace', 'stacktrace'], 2], [['symptom', 'symptoms', 'flaky'], 2],
  [['fix', 'fixes', 'fixing'], 1], [['debug', 'debugging', 'investigate', 'root cause'], 1], [['why'], 1],
];

export const API_CUES: ReadonlyArray<readonly [CueFamily, number]> = [
  [['swagger', 'openapi', 'open api'], 2], [['api contract', 'api spec', 'contract change'], 2], [['endpoint', 'endpoints'], 2],
  [['request body', 'response body', 'status code', 'response schema'], 2],
  [['api'], 1], [['dto', 'dtos'], 1], [['payload'], 1], [['schema'], 1], [['contract'], 1], [['request', 'response'], 1], [['http', 'rest'], 1],
];

export const UI_CUES: ReadonlyArray<readonly [CueFamily, number]> = [
  [['grid', 'table', 'column', 'columns'], 1], [['page', 'screen', 'view', 'dashboard'], 1], [['form', 'dialog', 'modal', 'drawer'], 1],
  [['button', 'tab', 'menu', 'layout'], 1], [['add', 'create', 'implement', 'build', 'introduce'], 1], [['display', 'show', 'render'], 1],
];

export const TEST_CUES: CueFamily[] = [['unit test', 'unit tests', 'spec', 'specs'], ['cypress', 'e2e', 'end to end', 'playwright'], ['jest', 'karma', 'jasmine'], ['test', 'tests', 'testing']];

/** Symbol name endings that mark a contract/definition anchor (DTOs, models, request/response types). */
export const CONTRACT_SYMBOL = /(?:dto|model|request|response|payload|contract|schema|interface|entity|props)$/i;
