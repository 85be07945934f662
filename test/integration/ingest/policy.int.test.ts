import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import type { Graph } from '../../../src/graph/graph.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { edgesByType, nodesByLabel } from '../../support/ingest-queries.js';
import { removeWorkspace, writeFile, writeWorkspace } from '../../support/mini-workspace.js';

const meta = (version: number) => `"version":${version},"updated_at":"2026-02-01T10:00:00Z","updated_by":"test"`;
const policyRow = (version: number, rule: string) =>
  `{"id":"repo.no-inline-styles","type":"policy",${meta(version)},"severity":"soft","rule":"${rule}","applies_to":["src/app/orders/**"]}`;

describe('policy plane and memories from .ai/', () => {
  let graph: Graph;
  let root: string;
  const repoId = testNamespace('ingest-policy');
  const ingest = () => ingestRepository({ graph, root, log: silentLogger, settings: { repoId }, extractors: [] });
  const nodes = async (label: string) => (await graph.read(nodesByLabel, { repoId, label })).map((n) => n.props as Record<string, unknown>);
  const records = async (recordId: string) => (await nodes('PolicyRecord')).filter((n) => n.recordId === recordId).sort((a, b) => Number(a.version) - Number(b.version));

  beforeAll(async () => {
    graph = openTestGraph();
    root = writeWorkspace({
      'src/app/orders/orders.component.ts': 'export class OrdersComponent {}\n',
      'src/app/shared/x.ts': 'export const x = 1;\n',
      '.ai/graph/seed/repo.jsonl': [
        policyRow(1, 'Keep styles in component stylesheets.'),
        '{"id": broken json',
        `{"id":"repo.missing","type":"policy","version":1,"updated_at":"2026-02-01T10:00:00Z","severity":"hard","rule":"x"}`,
        '',
        `{"id":"repo.weird","type":"mystery",${meta(1)}}`,
        `{"id":"migration.adp-alert","type":"migration_rule",${meta(2)},"from_tag":"adp-alert","to_tag":"sdf-alert","status":"confirmed"}`,
      ].join('\n'),
      '.ai/memory/records.json': JSON.stringify([
        {
          id: 'mem-1', trigger: 'human_override', phase: 'planning', domainAnchorIds: ['src/app/orders'], enforcementType: 'plan_rule',
          planRule: { requiredSteps: ['run orders tests'] }, rejectionCodes: ['PLAN_VERIFICATION_WEAK'], state: 'approved',
          createdAt: '2026-02-01T10:00:00Z', updatedAt: '2026-02-01T10:00:00Z',
        },
        { id: 'mem-2', state: 'bogus' },
      ]),
    });
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
    removeWorkspace(root);
  });

  it('reports every invalid row as file:line and applies the valid ones', async () => {
    const summary = await ingest();
    const errors = summary.policy.errors.map((e) => `${e.file}:${e.line}`);
    expect(errors).toEqual(['.ai/graph/seed/repo.jsonl:2', '.ai/graph/seed/repo.jsonl:3', '.ai/graph/seed/repo.jsonl:5', '.ai/memory/records.json:1']);
    expect(summary.policy.errors[1]?.message).toContain('updated_by');
    expect(summary.policy.errors[3]?.message).toMatch(/^\[1\] /);
    expect(await records('repo.no-inline-styles')).toEqual([expect.objectContaining({ version: 1, current: true, severity: 'soft', source: 'repo', sourceFile: '.ai/graph/seed/repo.jsonl:1' })]);
  });

  it('links a scoped record to the domain anchors its globs match', async () => {
    const [record] = await records('repo.no-inline-styles');
    const links = (await graph.read(edgesByType, { repoId, type: 'APPLIES_TO' })).filter((e) => e.from === record?.id);
    expect(links.map((l) => String(l.to).split(':anchor:')[1])).toEqual(['src/app/orders']);
  });

  it('supersedes a shipped default with a higher version from the repo (confirmed = approved)', async () => {
    const versions = await records('migration.adp-alert');
    expect(versions.map((v) => [v.version, v.status, v.current, v.source])).toEqual([[1, 'candidate', false, 'default'], [2, 'approved', true, 'repo']]);
    expect((await graph.read(edgesByType, { repoId, type: 'SUPERSEDES' })).map((e) => [e.from, e.to])).toEqual([[versions[1]?.id, versions[0]?.id]]);
  });

  it('appends a newer version and links it with SUPERSEDES, overwriting nothing', async () => {
    writeFile(root, '.ai/graph/seed/repo.jsonl', [policyRow(1, 'Keep styles in component stylesheets.'), policyRow(2, 'No inline styles at all.')].join('\n'));
    const summary = await ingest();
    expect(summary.policy).toMatchObject({ created: 1, superseded: 1 });
    const [v1, v2] = await records('repo.no-inline-styles');
    expect(v1).toMatchObject({ version: 1, current: false, rule: 'Keep styles in component stylesheets.', supersededBy: v2?.id });
    expect(v2).toMatchObject({ version: 2, current: true, rule: 'No inline styles at all.' });
    expect((await graph.read(edgesByType, { repoId, type: 'SUPERSEDES' })).filter((e) => e.from === v2?.id).map((e) => e.to)).toEqual([v1?.id]);
  });

  it('treats the same rows again as a no-op, and a changed row without a new version as an error', async () => {
    expect((await ingest()).policy).toMatchObject({ created: 0, errors: [expect.objectContaining({ line: 1 })] });
    writeFile(root, '.ai/graph/seed/repo.jsonl', [policyRow(1, 'Edited in place.'), policyRow(2, 'No inline styles at all.')].join('\n'));
    const summary = await ingest();
    expect(summary.policy.errors.map((e) => `${e.file}:${e.line}`)).toContain('.ai/graph/seed/repo.jsonl:1');
    expect((await records('repo.no-inline-styles'))[0]).toMatchObject({ rule: 'Keep styles in component stylesheets.' });
  });

  it('imports memory records with their lifecycle state, linked to their anchors', async () => {
    const [memory] = await nodes('Memory');
    expect(memory).toMatchObject({ memoryId: 'mem-1', state: 'approved', enforcementType: 'plan_rule', planRuleJson: '{"requiredSteps":["run orders tests"]}' });
    const links = (await graph.read(edgesByType, { repoId, type: 'APPLIES_TO' })).filter((e) => e.from === memory?.id);
    expect(links.map((l) => String(l.to).split(':anchor:')[1])).toEqual(['src/app/orders']);
  });
});
