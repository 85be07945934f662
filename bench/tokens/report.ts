import { tokens, type CallSize, type SessionOverhead } from './meter.js';

export interface StepRow {
  step: string;
  verb: string;
  calls: number;
  textChars: number;
  structuredChars: number;
  envelopeChars: number;
  tokens: number;
  envelopeShare: number;
}

export interface TargetReport {
  target: string;
  repoRoot: string;
  repoId: string;
  prompt: string;
  ingestMs: number;
  overhead: SessionOverhead;
  rows: StepRow[];
  total: Omit<StepRow, 'step' | 'verb'>;
  /** The biggest envelope fields and `result.<field>`s summed over the loop, largest first. */
  fields: Array<{ field: string; chars: number; share: number }>;
  /** initialize_work alone: its largest result fields and their largest sub-fields. */
  initFields: Array<{ field: string; chars: number; share: number }>;
  calls: CallSize[];
  notes: string[];
}

const depth = (field: string) => field.split('.').length - 1;
const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

function row(step: string, verb: string, calls: CallSize[]): StepRow {
  const sum = (k: 'textChars' | 'structuredChars' | 'envelopeChars') => calls.reduce((s, c) => s + c[k], 0);
  const textChars = sum('textChars');
  return { step, verb, calls: calls.length, textChars, structuredChars: sum('structuredChars'), envelopeChars: sum('envelopeChars'), tokens: tokens(textChars), envelopeShare: pct(sum('envelopeChars'), textChars) };
}

/** Per step (a verb, qualified where the loop calls it in distinct roles), in loop order, plus the total and the field breakdown. */
export function summarize(calls: CallSize[], topFields = 12): Pick<TargetReport, 'rows' | 'total' | 'fields' | 'initFields'> {
  const groups = new Map<string, CallSize[]>();
  for (const c of calls) groups.set(c.step, [...(groups.get(c.step) ?? []), c]);
  const rows = [...groups].map(([step, cs]) => row(step, cs[0]!.verb, cs));
  const { step: _s, verb: _v, ...total } = row('total', '', calls);
  const fieldTotals = new Map<string, number>();
  for (const c of calls) for (const [k, v] of Object.entries(c.fields)) if (depth(k) <= 1) fieldTotals.set(k, (fieldTotals.get(k) ?? 0) + v);
  const fields = [...fieldTotals].sort((a, b) => b[1] - a[1]).slice(0, topFields).map(([field, chars]) => ({ field, chars, share: pct(chars, total.textChars) }));
  const init = calls.find((c) => c.verb === 'initialize_work');
  const initFields = init ? breakdown(init) : [];
  return { rows, total, fields, initFields };
}

/** initialize_work's text by field: its three largest `result.<field>`s, each with its sub-fields of 1% or more, then the envelope. */
function breakdown(init: CallSize): TargetReport['initFields'] {
  const entries = Object.entries(init.fields);
  const out: TargetReport['initFields'] = [];
  for (const [field, chars] of entries.filter(([k]) => depth(k) === 1).sort((a, b) => b[1] - a[1]).slice(0, 3)) {
    out.push({ field, chars, share: pct(chars, init.textChars) });
    const subs = entries.filter(([k, c]) => k.startsWith(`${field}.`) && c >= init.textChars / 100).sort((a, b) => b[1] - a[1]).slice(0, 4);
    for (const [sub, c] of subs) out.push({ field: `  ${sub}`, chars: c, share: pct(c, init.textChars) });
  }
  out.push({ field: 'envelope (everything but result)', chars: init.envelopeChars, share: pct(init.envelopeChars, init.textChars) });
  return out;
}

const n = (v: number) => v.toLocaleString('en-US');

/** Markdown tables (they read well in a terminal and paste into the README as they are). */
export function render(r: TargetReport): string {
  const lines = [
    `### ${r.target}: ${r.repoRoot}`,
    `prompt: "${r.prompt}"; repoId ${r.repoId}; ingest before the loop ${(r.ingestMs / 1000).toFixed(1)} s`,
    `client: ${r.overhead.listedResources ? 'lists resources after connecting, as Claude Code does (planGraphSchema by reference)' : 'never lists resources (--inline-schema: planGraphSchema inline)'}`,
    `once per session: server instructions ${n(r.overhead.instructionsChars)} chars, tools/list ${n(r.overhead.toolsListChars)} chars, resources/list + templates ${n(r.overhead.resourcesListChars)} chars (~${n(tokens(r.overhead.toolsListChars + r.overhead.instructionsChars + r.overhead.resourcesListChars))} tokens)`,
    '',
    '| step | calls | text chars | ~tokens | structuredContent chars | envelope chars | envelope share |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...r.rows.map((s) => `| ${s.step} | ${s.calls} | ${n(s.textChars)} | ${n(s.tokens)} | ${n(s.structuredChars)} | ${n(s.envelopeChars)} | ${s.envelopeShare}% |`),
    `| **loop total** | ${r.total.calls} | **${n(r.total.textChars)}** | **${n(r.total.tokens)}** | ${n(r.total.structuredChars)} | ${n(r.total.envelopeChars)} | ${r.total.envelopeShare}% |`,
    '',
    '| largest fields over the loop | chars | share of text |',
    '|---|---:|---:|',
    ...r.fields.map((f) => `| \`${f.field}\` | ${n(f.chars)} | ${f.share}% |`),
    '',
    '| initialize_work by field | chars | share of its text |',
    '|---|---:|---:|',
    ...r.initFields.map((f) => `| ${f.field.startsWith(' ') ? '&nbsp;&nbsp;' : ''}${f.field.startsWith('envelope') ? f.field : `\`${f.field.trim()}\``} | ${n(f.chars)} | ${f.share}% |`),
    ...r.notes.map((note) => `\n${note}`),
  ];
  return `${lines.join('\n')}\n`;
}
