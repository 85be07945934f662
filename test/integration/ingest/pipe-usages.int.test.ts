import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTsProjectCache, ingestRepository } from '../../../ingest/index.js';
import { ids } from '../../../ingest/model/ids.js';
import type { Graph } from '../../../src/graph/graph.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { edgesByType, nodesByLabel } from '../../support/ingest-queries.js';
import { removeWorkspace, writeFile, writeWorkspace } from '../../support/mini-workspace.js';

const APP = 'src/app';
const TEMPLATE = `${APP}/order-row.component.html`;
const FILES: Record<string, string> = {
  [`${APP}/order-status.pipe.ts`]: [
    "import { Pipe, PipeTransform } from '@angular/core';",
    "@Pipe({ name: 'orderStatus', standalone: true })",
    'export class OrderStatusPipe implements PipeTransform { transform(v: string, form?: string): string { return v; } }',
  ].join('\n'),
  [`${APP}/order-row.component.ts`]: [
    "import { Component } from '@angular/core';",
    "@Component({ selector: 'app-order-row', templateUrl: './order-row.component.html' })",
    'export class OrderRowComponent { status = \'open\'; when = new Date(); }',
  ].join('\n'),
  [TEMPLATE]: "<span>{{ status | orderStatus: 'short' }}</span>\n<time>{{ when | date }} {{ when | relativeTime }}</time>\n<app-badge></app-badge> {{ 'K' | translate }}\n",
  // Test doubles: a library pipe's mock and a stub of a real component, with the real name and selector.
  [`${APP}/order-row.component.spec.ts`]: [
    "@Pipe({ name: 'translate' })",
    'class MockTranslatePipe { transform(k: string): string { return k; } }',
    "@Component({ selector: 'app-badge', template: '' })",
    'class BadgeStubComponent {}',
  ].join('\n'),
  [`${APP}/badge.component.ts`]: "@Component({ selector: 'app-badge', template: '<b></b>' })\nexport class BadgeComponent {}\n",
};

describe('pipe usages in templates become USES_PIPE edges to in-repo pipes', () => {
  let graph: Graph;
  let root: string;
  const repoId = testNamespace('ingest-pipe-usages');
  const cache = createTsProjectCache();
  const ingest = (changedPaths?: string[]) => ingestRepository({ graph, root, log: silentLogger, settings: { repoId }, projectCache: cache, changedPaths });
  const usesPipe = async () => (await graph.read(edgesByType, { repoId, type: 'USES_PIPE' })).map((e) => [e.from, e.to]).sort();
  const pipeRefs = async () => (await graph.read(nodesByLabel, { repoId, label: 'Ref' })).map((n) => n.props as Record<string, unknown>)
    .filter((r) => r.relType === 'USES_PIPE').map((r) => [JSON.parse(r.target as string).name, r.status, r.reason ?? null]).sort();

  beforeAll(async () => {
    graph = openTestGraph();
    root = writeWorkspace(FILES);
    await ingest();
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
    removeWorkspace(root);
  });

  it('links the usage to the @Pipe by name; Angular and missing pipes stay unresolved references', async () => {
    expect(await usesPipe()).toEqual([[ids.usage(repoId, TEMPLATE, 1, 1), ids.symbol(repoId, `${APP}/order-status.pipe.ts`, 'OrderStatusPipe')]]);
    expect(await pipeRefs()).toEqual([
      ['date', 'unresolved', 'no pipe matches'], ['orderStatus', 'resolved', null], ['relativeTime', 'unresolved', 'no pipe matches'],
      ['translate', 'unresolved', 'no pipe matches'],
    ]);
  });

  it('never links a template usage to a test double declared in a spec file', async () => {
    const selectorEdges = (await graph.read(edgesByType, { repoId, type: 'USES_SELECTOR' })).map((e) => [e.from, e.to]);
    expect(selectorEdges).toEqual([[ids.usage(repoId, TEMPLATE, 3, 1), ids.symbol(repoId, `${APP}/badge.component.ts`, 'BadgeComponent')]]);
    expect((await usesPipe()).map(([, to]) => to).filter((to) => String(to).includes('.spec.ts'))).toEqual([]);
  });

  it('links an existing usage when the pipe appears later', async () => {
    writeFile(root, `${APP}/relative-time.pipe.ts`, "@Pipe({ name: 'relativeTime' })\nexport class RelativeTimePipe {}\n");
    await ingest([`${APP}/relative-time.pipe.ts`]);
    expect(await usesPipe()).toContainEqual([ids.usage(repoId, TEMPLATE, 2, 1), ids.symbol(repoId, `${APP}/relative-time.pipe.ts`, 'RelativeTimePipe')]);
  });
});
