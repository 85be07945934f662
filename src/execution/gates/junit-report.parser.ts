/** One failed or errored test case of a JUnit-XML report. */
export interface JunitFailure {
  suite: string;
  name: string;
  classname: string;
  kind: 'failure' | 'error';
  message: string;
}

export interface JunitSummary {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  timeSeconds: number;
  /** At most 50, in document order. */
  failed: JunitFailure[];
}

const TAG = /<(\/?)(testsuite|testcase|failure|error|skipped)\b((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
const ATTR = /([A-Za-z_:][\w:.-]*)\s*=\s*("([^"]*)"|'([^']*)')/g;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[e.toLowerCase()] ?? '';
  });
}

function attrs(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of source.matchAll(ATTR)) out[m[1]!] = decode(m[3] ?? m[4] ?? '');
  return out;
}

/**
 * Parses a JUnit-XML report (Surefire, Jest/Vitest junit reporters, Karma, pytest): counts come from
 * the test cases themselves, not the suites' attributes, so nested or missing totals do not matter.
 */
export function parseJunitXml(xml: string): JunitSummary {
  const summary: JunitSummary = { tests: 0, failures: 0, errors: 0, skipped: 0, timeSeconds: 0, failed: [] };
  const suites: string[] = [];
  let current: { name: string; classname: string; outcome: 'pass' | 'failure' | 'error' | 'skipped'; message: string } | null = null;
  const close = () => {
    if (!current) return;
    summary.tests += 1;
    if (current.outcome === 'failure') summary.failures += 1;
    if (current.outcome === 'error') summary.errors += 1;
    if (current.outcome === 'skipped') summary.skipped += 1;
    if ((current.outcome === 'failure' || current.outcome === 'error') && summary.failed.length < 50) {
      summary.failed.push({ suite: suites.at(-1) ?? '', name: current.name, classname: current.classname, kind: current.outcome, message: current.message.slice(0, 500) });
    }
    current = null;
  };
  for (const m of xml.replace(/<!--[\s\S]*?-->/g, '').matchAll(TAG)) {
    const [, closing, tag, rawAttrs = '', selfClosing] = m;
    const a = attrs(rawAttrs);
    if (tag === 'testsuite') {
      if (closing) suites.pop();
      else if (!selfClosing) suites.push(a.name ?? '');
    } else if (tag === 'testcase') {
      if (closing) close();
      else {
        close();
        current = { name: a.name ?? '', classname: a.classname ?? '', outcome: 'pass', message: '' };
        const time = Number.parseFloat(a.time ?? '');
        if (Number.isFinite(time) && time >= 0) summary.timeSeconds += time;
        if (selfClosing) close();
      }
    } else if (!closing && current) {
      const outcome = tag as 'failure' | 'error' | 'skipped';
      if (current.outcome === 'pass' || outcome !== 'skipped') current.outcome = outcome;
      if (outcome !== 'skipped') current.message = a.message ?? a.type ?? outcome;
    }
  }
  close();
  summary.timeSeconds = Math.round(summary.timeSeconds * 1000) / 1000;
  return summary;
}
