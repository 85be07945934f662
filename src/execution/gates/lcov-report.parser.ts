export interface LcovFileCoverage {
  file: string;
  linesFound: number;
  linesHit: number;
  branchesFound: number;
  branchesHit: number;
  functionsFound: number;
  functionsHit: number;
}

export interface LcovSummary {
  files: LcovFileCoverage[];
  totals: Omit<LcovFileCoverage, 'file'> & { linePercent: number | null; branchPercent: number | null; functionPercent: number | null };
}

const pct = (hit: number, found: number) => (found === 0 ? null : Math.round((hit / found) * 10_000) / 100);

/**
 * Parses an LCOV tracefile. Totals use the `LF/LH/BRF/BRH/FNF/FNH` summary lines when present,
 * else count `DA`/`BRDA`/`FNDA` records.
 */
export function parseLcov(text: string): LcovSummary {
  const files: LcovFileCoverage[] = [];
  let cur: (LcovFileCoverage & { da: Map<number, boolean>; brda: number; brdaHit: number; fnda: number; fndaHit: number; seen: Set<string> }) | null = null;
  const finish = () => {
    if (!cur) return;
    const { da, brda, brdaHit, fnda, fndaHit, seen, ...file } = cur;
    if (!seen.has('LF')) file.linesFound = da.size;
    if (!seen.has('LH')) file.linesHit = [...da.values()].filter(Boolean).length;
    if (!seen.has('BRF')) file.branchesFound = brda;
    if (!seen.has('BRH')) file.branchesHit = brdaHit;
    if (!seen.has('FNF')) file.functionsFound = fnda;
    if (!seen.has('FNH')) file.functionsHit = fndaHit;
    files.push(file);
    cur = null;
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === 'end_of_record') { finish(); continue; }
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon);
    const value = line.slice(colon + 1);
    if (key === 'SF') {
      finish();
      cur = { file: value, linesFound: 0, linesHit: 0, branchesFound: 0, branchesHit: 0, functionsFound: 0, functionsHit: 0, da: new Map(), brda: 0, brdaHit: 0, fnda: 0, fndaHit: 0, seen: new Set() };
      continue;
    }
    if (!cur) continue;
    const n = Number.parseInt(value, 10);
    const fields = value.split(',');
    switch (key) {
      case 'DA': { const ln = Number.parseInt(fields[0] ?? '', 10); const hits = Number.parseInt(fields[1] ?? '', 10); if (Number.isFinite(ln)) cur.da.set(ln, (cur.da.get(ln) ?? false) || hits > 0); break; }
      case 'BRDA': cur.brda += 1; if (fields[3] !== undefined && fields[3] !== '-' && Number.parseInt(fields[3], 10) > 0) cur.brdaHit += 1; break;
      case 'FNDA': cur.fnda += 1; if (Number.parseInt(fields[0] ?? '', 10) > 0) cur.fndaHit += 1; break;
      case 'LF': if (Number.isFinite(n)) { cur.linesFound = n; cur.seen.add(key); } break;
      case 'LH': if (Number.isFinite(n)) { cur.linesHit = n; cur.seen.add(key); } break;
      case 'BRF': if (Number.isFinite(n)) { cur.branchesFound = n; cur.seen.add(key); } break;
      case 'BRH': if (Number.isFinite(n)) { cur.branchesHit = n; cur.seen.add(key); } break;
      case 'FNF': if (Number.isFinite(n)) { cur.functionsFound = n; cur.seen.add(key); } break;
      case 'FNH': if (Number.isFinite(n)) { cur.functionsHit = n; cur.seen.add(key); } break;
      default: break;
    }
  }
  finish();
  const sum = (k: keyof Omit<LcovFileCoverage, 'file'>) => files.reduce((acc, f) => acc + f[k], 0);
  const totals = {
    linesFound: sum('linesFound'), linesHit: sum('linesHit'), branchesFound: sum('branchesFound'),
    branchesHit: sum('branchesHit'), functionsFound: sum('functionsFound'), functionsHit: sum('functionsHit'),
  };
  return {
    files,
    totals: { ...totals, linePercent: pct(totals.linesHit, totals.linesFound), branchPercent: pct(totals.branchesHit, totals.branchesFound), functionPercent: pct(totals.functionsHit, totals.functionsFound) },
  };
}
