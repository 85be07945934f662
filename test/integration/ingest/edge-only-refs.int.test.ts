import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTsProjectCache, ingestRepository } from '../../../ingest/index.js';
import { ids } from '../../../ingest/model/ids.js';
import type { Graph } from '../../../src/graph/graph.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { factLines } from '../../support/fact-lines.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { edgesByType, nodesByLabel } from '../../support/ingest-queries.js';
import { removeWorkspace, writeFile, writeWorkspace } from '../../support/mini-workspace.js';

const SERVICE = 'src/app/user.service.ts';
const LIST = 'src/app/user-list.component.ts';
const service = (name: string) => `import { Injectable } from '@angular/core';\n@Injectable({ providedIn: 'root' })\nexport class ${name} {}\n`;
const FILES: Record<string, string> = {
  [SERVICE]: service('UserService'),
  [LIST]: [
    "import { Component } from '@angular/core';",
    "import { UserService } from './user.service';",
    "@Component({ selector: 'app-user-list', template: '<p>users</p>' })",
    'export class UserListComponent {',
    '  constructor(private users: UserService) {}',
    '}',
    '',
  ].join('\n'),
};

// Issue 14 "fewer, leaner writes": a resolved `id` reference from a node of its own file (IMPORTS,
// INJECTS, DECLARES…, most references of a real repository) is its edge alone, without a Ref node.
// When its target goes while the referencing file stays unparsed, the reference gets its Ref node
// back (unresolved) and is linked again when the target returns — each step equal to a full ingest.
describe('edge-only references (registered extractors)', () => {
  let graph: Graph;
  let root: string;
  const repoId = testNamespace('edge-refs');
  const fresh: string[] = [];
  const cache = createTsProjectCache();
  const ingest = (changedPaths?: string[]) => ingestRepository({ graph, root, log: silentLogger, settings: { repoId }, projectCache: cache, changedPaths });
  /** The same tree ingested from scratch into its own namespace: what every incremental step must equal. */
  const fullIngest = async (): Promise<string[]> => {
    const other = testNamespace('edge-refs-full');
    fresh.push(other);
    await ingestRepository({ graph, root, log: silentLogger, settings: { repoId: other } });
    return factLines(graph, other);
  };
  const refsOf = async (owner: string) => (await graph.read(nodesByLabel, { repoId, label: 'Ref' })).map((n) => n.props).filter((r) => r.ownerFile === owner);
  const injects = async () => (await graph.read(edgesByType, { repoId, type: 'INJECTS' })).map((e) => [e.from, e.to]);
  const listClass = () => ids.symbol(repoId, LIST, 'UserListComponent');
  const serviceClass = (name: string) => ids.symbol(repoId, SERVICE, name);

  beforeAll(async () => {
    graph = openTestGraph();
    root = writeWorkspace(FILES);
    await ingest();
  });
  afterAll(async () => {
    for (const ns of [repoId, ...fresh]) await cleanNamespace(graph, ns);
    await graph.close();
    removeWorkspace(root);
  });

  it('writes resolved id references as edges that carry their refId, with no Ref node', async () => {
    const [edge] = (await graph.read(edgesByType, { repoId, type: 'INJECTS' })).filter((e) => e.from === listClass());
    expect(edge).toMatchObject({ to: serviceClass('UserService'), props: { ownerFile: LIST, refId: expect.stringContaining(':ref:') } });
    const imports = (await graph.read(edgesByType, { repoId, type: 'IMPORTS' })).filter((e) => e.from === ids.file(repoId, LIST));
    expect(imports.map((e) => e.to)).toEqual([ids.file(repoId, SERVICE)]);
    expect((await refsOf(LIST)).filter((r) => r.kind === 'id')).toEqual([]);
    expect(await factLines(graph, repoId)).toEqual(await fullIngest());
  });

  it('persists the reference (unresolved) when its target goes and the referencing file is not parsed', async () => {
    writeFile(root, SERVICE, service('UsersService'));
    const summary = await ingest([SERVICE]);
    expect(summary.files).toMatchObject({ parsed: 1, dependents: 0 });
    expect(await injects()).toEqual([]);
    const [ref] = (await refsOf(LIST)).filter((r) => r.relType === 'INJECTS');
    expect(ref).toMatchObject({ kind: 'id', key: `id:${serviceClass('UserService')}`, status: 'unresolved', edgeOnly: true, fromId: listClass() });
    // Not compared with a full ingest here: the list is not extracted again, so its reference keeps the
    // target id it was extracted with (a full ingest of this tree names the missing symbol instead), as
    // it did when every reference had a Ref node.
  });

  it('links it again when the target returns, and drops the Ref node again', async () => {
    writeFile(root, SERVICE, service('UserService'));
    const summary = await ingest([SERVICE]);
    expect(summary.files).toMatchObject({ parsed: 1, dependents: 0 });
    expect(summary.refs.relinked).toBeGreaterThan(0);
    expect(await injects()).toEqual([[listClass(), serviceClass('UserService')]]);
    expect((await refsOf(LIST)).filter((r) => r.kind === 'id')).toEqual([]);
    expect(await factLines(graph, repoId)).toEqual(await fullIngest());
  });

  it('finds the importers of a deleted file by their edges and re-extracts them (a full scan)', async () => {
    rmSync(`${root}/${SERVICE}`);
    const summary = await ingest();
    expect(summary.files).toMatchObject({ deleted: 1, dependents: 1 });
    const importRefs = (await refsOf(LIST)).filter((r) => r.relType === 'IMPORTS').map((r) => [r.kind, r.status]);
    expect(importRefs).toEqual([['file', 'unresolved']]);
    expect(await factLines(graph, repoId)).toEqual(await fullIngest());
  });
});
