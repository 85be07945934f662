/**
 * Recognises Tailwind-style utility classes (`p-4`, `text-sm`, `bg-red-500`, `md:flex`, `w-1/2`).
 * They are styling noise for retrieval: a lexeme that is one keeps a near-zero boost instead of being
 * dropped, so it is still visible (and explainable) in the pack. Bare words that are also real domain
 * terms (`grid`, `table`, `block`, `hidden`, `container`) are deliberately NOT treated as utilities.
 */

const VARIANT_PREFIX = /^(?:sm|md|lg|xl|2xl|hover|focus|focus-visible|focus-within|active|disabled|dark|group-hover|peer-focus|first|last|odd|even|print|motion-safe|motion-reduce):/;

const BARE = new Set([
  'flex', 'inline-flex', 'inline-block', 'inline-grid', 'truncate', 'antialiased', 'italic', 'not-italic', 'underline',
  'no-underline', 'line-through', 'uppercase', 'lowercase', 'capitalize', 'normal-case', 'sr-only', 'not-sr-only',
  'grow', 'shrink', 'rounded', 'shadow', 'border', 'ring', 'transition', 'invisible', 'visible', 'whitespace-nowrap',
  'break-words', 'break-all', 'tabular-nums', 'mx-auto', 'my-auto',
]);

const SPACING_PREFIX = '(?:p|px|py|pt|pr|pb|pl|ps|pe|m|mx|my|mt|mr|mb|ml|ms|me|w|h|size|min-w|max-w|min-h|max-h|gap|gap-x|gap-y|space-x|space-y|inset|inset-x|inset-y|top|right|bottom|left|z|basis|order|col-span|row-span|col-start|col-end|row-start|row-end|grid-cols|grid-rows|translate-x|translate-y|scale|scale-x|scale-y|rotate|skew-x|skew-y|opacity|duration|delay|leading|tracking|columns|indent|underline-offset|outline-offset|ring-offset|border-spacing)';
const SPACING_VALUE = '(?:\\d+(?:\\.\\d+)?|\\d+\\/\\d+|px|full|screen|svh|dvh|auto|min|max|fit|none|prose|\\[[^\\]\\s]{1,40}\\])';
const SPACING = new RegExp(`^-?${SPACING_PREFIX}-${SPACING_VALUE}$`);

const COLOR_NAMES = '(?:slate|gray|grey|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose|black|white|transparent|current|inherit)';
const COLOR = new RegExp(`^(?:text|bg|border|border-[trblxy]|ring|outline|divide|from|via|to|fill|stroke|decoration|placeholder|accent|caret|shadow)-${COLOR_NAMES}(?:-\\d{2,3})?(?:\\/\\d{1,3})?$`);

const SCALE = /^(?:text|font|rounded|rounded-[trbl]{1,2}|shadow|leading|tracking|max-w|blur|drop-shadow|border|border-[trblxy]|ring|outline|divide-[xy])-(?:xs|sm|base|md|lg|xl|[2-9]xl|none|full|tight|tighter|snug|normal|relaxed|loose|wide|wider|widest|thin|extralight|light|medium|semibold|bold|extrabold|black|mono|sans|serif|left|center|right|justify|start|end|inner|dashed|dotted|solid|double|\d)$/;

const LAYOUT = /^(?:items|justify|justify-items|justify-self|content|self|place-items|place-content|place-self)-(?:start|end|center|between|around|evenly|stretch|baseline|normal|auto)$|^flex-(?:row|col|wrap|nowrap|wrap-reverse|row-reverse|col-reverse|1|auto|initial|none)$|^overflow(?:-[xy])?-(?:auto|hidden|clip|scroll|visible)$/;

const KEYWORD = /^(?:whitespace-(?:normal|nowrap|pre|pre-line|pre-wrap|break-spaces)|cursor-(?:pointer|default|wait|text|move|help|not-allowed|none|grab|grabbing|auto)|object-(?:contain|cover|fill|none|scale-down)|aspect-(?:auto|square|video)|select-(?:none|text|all|auto)|pointer-events-(?:none|auto)|list-(?:none|disc|decimal|inside|outside)|align-(?:baseline|top|middle|bottom|text-top|text-bottom|sub|super)|float-(?:left|right|none|start|end)|clear-(?:left|right|both|none)|table-(?:auto|fixed)|box-(?:border|content))$/;

/** True when `token` (casefolded) looks like a Tailwind-style utility class. */
export function isUtilityToken(token: string): boolean {
  const t = token.trim().toLowerCase();
  if (t.length === 0 || t.length > 64) return false;
  if (VARIANT_PREFIX.test(t)) return true;
  if (BARE.has(t)) return true;
  return SPACING.test(t) || COLOR.test(t) || SCALE.test(t) || LAYOUT.test(t) || KEYWORD.test(t);
}
