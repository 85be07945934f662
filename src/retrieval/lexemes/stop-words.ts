/** Function words and task verbs that never become lexemes on their own. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'the', 'and', 'for', 'with', 'from', 'into', 'onto', 'that', 'this', 'these', 'those', 'then', 'than', 'when', 'where',
  'what', 'which', 'who', 'whom', 'why', 'how', 'there', 'here', 'their', 'they', 'them', 'our', 'your', 'you', 'its',
  'are', 'was', 'were', 'been', 'being', 'has', 'have', 'had', 'does', 'did', 'doing', 'done', 'will', 'would', 'should',
  'could', 'can', 'may', 'might', 'must', 'shall', 'not', 'but', 'nor', 'any', 'all', 'each', 'every', 'some', 'such',
  'only', 'also', 'just', 'very', 'too', 'out', 'off', 'over', 'under', 'again', 'once', 'via', 'per', 'about', 'above',
  'below', 'between', 'both', 'after', 'before', 'while', 'because', 'into', 'upon', 'its', 'it\'s', 'let', 'lets',
  'please', 'make', 'made', 'makes', 'add', 'adds', 'added', 'adding', 'use', 'uses', 'used', 'using', 'want', 'need',
  'needs', 'get', 'gets', 'set', 'sets', 'put', 'new', 'now', 'same', 'other', 'like', 'into', 'without', 'except',
  'excluding', 'exclude', 'don\'t', 'dont', 'doesn\'t', 'isn\'t', 'aren\'t', 'won\'t', 'can\'t', 'cannot', 'never',
  'touch', 'touching', 'modify', 'modifying', 'changing', 'edit', 'editing', 'alter', 'altering', 'include', 'including',
  'replace', 'replacing', 'rename', 'refactor', 'ensure', 'keep', 'move', 'see', 'look', 'find', 'migrate', 'migrating',
  'convert', 'converting', 'click', 'clicks', 'clicking', 'clicked', 'throw', 'throws', 'happens', 'happen', 'seems',
  'investigate', 'implementing', 'able', 'sure', 'instead', 'currently', 'already', 'still', 'even', 'well', 'etc', 'one', 'two', 'way',
]);

/**
 * Software words so common in any codebase that a hit on them says little; they stay lexemes (for the
 * record) but with a low confidence.
 */
export const GENERIC_WORDS: ReadonlySet<string> = new Set([
  'api', 'app', 'application', 'code', 'component', 'components', 'service', 'services', 'module', 'modules', 'file',
  'files', 'page', 'pages', 'data', 'value', 'values', 'item', 'items', 'list', 'type', 'types', 'function', 'method',
  'class', 'feature', 'bug', 'issue', 'ticket', 'change', 'changes', 'update', 'updates', 'fix', 'implement', 'create',
  'remove', 'delete', 'show', 'display', 'view', 'screen', 'user', 'users', 'work', 'works', 'working', 'logic',
  'field', 'fields', 'column', 'columns', 'route', 'routes', 'test', 'tests', 'spec', 'model', 'models', 'state',
  'button', 'buttons', 'folder', 'folders', 'flag', 'flags', 'support', 'handle', 'check', 'load', 'loading', 'call', 'new', 'old', 'current', 'existing', 'project', 'repo',
]);
