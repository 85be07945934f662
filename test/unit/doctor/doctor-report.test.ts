import { describe, expect, it } from 'vitest';
import { bounded } from '../../../src/doctor/check.js';
import { launchProblems } from '../../../src/doctor/client-checks.js';
import { nodeCheck } from '../../../src/doctor/machine-checks.js';
import { doctorLines } from '../../../src/doctor/run-doctor.js';

describe('doctor checks (pure parts)', () => {
  it('grades Node versions by package.json engines: outside fails, 20 warns (end-of-life), 22.12+ and 24 pass', () => {
    expect(nodeCheck('18.20.0').status).toBe('fail');
    expect(nodeCheck('20.10.0')).toMatchObject({ status: 'fail', summary: 'Node 20.10.0; graphgate needs Node ^20.19.0 || ^22.12.0 || >=24.0.0' });
    expect(nodeCheck('20.19.2')).toMatchObject({ status: 'warn', fix: 'move to Node 22 or 24 (LTS)' });
    // @angular/compiler, which the ingest loads, supports neither 22.0–22.11 nor 23.
    expect(nodeCheck('22.11.0').status).toBe('fail');
    expect(nodeCheck('23.11.1').status).toBe('fail');
    expect(nodeCheck('22.12.0').status).toBe('ok');
    expect(nodeCheck('24.21.0').status).toBe('ok');
  });

  it('turns a probe that never settles into a failure at its deadline', async () => {
    const started = Date.now();
    const [check] = await bounded('slow', 200, () => new Promise(() => undefined), 'graphgate db start');
    expect(check).toEqual({ id: 'slow', status: 'fail', summary: 'no answer within 0 s', fix: 'graphgate db start' });
    expect(Date.now() - started).toBeLessThan(2_000);
    const [thrown] = await bounded('boom', 1_000, async () => { throw new Error('refused\nstack'); });
    expect(thrown).toEqual({ id: 'boom', status: 'fail', summary: 'refused' });
  });

  it('lists what is wrong with a client launch entry', () => {
    expect(launchProblems({ command: process.execPath, args: [] })).toEqual([]);
    expect(launchProblems({ args: [] })).toEqual(['no command']);
    expect(launchProblems({ command: '/no/such/node', args: ['/no/such/main.js', 'mcp', '--repo', '/no/such/repo'] }))
      .toEqual(['command /no/such/node not found', '/no/such/main.js does not exist', '--repo /no/such/repo does not exist']);
  });

  it('prints one line per check, fixes under failures, and a verdict', () => {
    const lines = doctorLines({
      ok: false,
      checks: [
        { group: 'machine', id: 'node', status: 'ok', summary: 'Node 22.12.0' },
        { group: 'neo4j', id: 'neo4j-server', status: 'fail', summary: 'local instance "default" is stopped', fix: 'graphgate db start' },
      ],
    });
    expect(lines).toEqual([
      'machine', '  ✓ node             Node 22.12.0', '', 'neo4j', '  ✗ neo4j-server     local instance "default" is stopped', '    fix: graphgate db start',
      '', '1 check(s) failed, 0 warning(s).',
    ]);
  });
});
