import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Project, ts } from 'ts-morph';
import { createTsProject } from '../../ingest/pipeline/ts-project.js';
import { registerProjectRoot } from '../../ingest/extractors/support/syntax-resolve.js';
import type { ExtractContext, Extractor } from '../../ingest/model/extractor.js';
import { emptyFacts, type FileFacts } from '../../ingest/model/facts.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { withoutBom } from '../../ingest/pipeline/read-files.js';

export const FIXTURE_ROOT = fileURLToPath(new URL('../fixtures/workspace', import.meta.url));
export const REPO_ID = 'fx';

const settings = { tagFamilies: { adp: ['adp-'], sdf: ['sdf-'] }, anchorDepth: 3, i18nLocales: ['en'] };

/** A ts-morph Project over files (the fixture workspace on disk, or in-memory sources) plus a runner. */
export interface Workspace {
  root: string;
  project: Project;
  read(path: string): string | undefined;
  /** Adds or replaces a file (in the project and for readRepoFile), without touching the disk. */
  write(path: string, text: string): void;
  /** Runs extractors on one repo-relative file the way the pipeline does and returns its facts. */
  extract(path: string, extractors: Extractor[]): FileFacts;
}

function makeWorkspace(root: string, project: Project, files: Map<string, string>): Workspace {
  // Texts as the pipeline hands them to extractors (read-files.ts decodes them without a BOM).
  const read = (path: string): string | undefined => {
    const text = files.get(path);
    return text === undefined ? undefined : withoutBom(text);
  };
  return {
    root,
    project,
    read,
    write(path, text) {
      files.set(path, text);
      if (/\.tsx?$/.test(path)) project.createSourceFile(join(root, path), text, { overwrite: true });
    },
    extract(path, extractors) {
      const text = read(path) ?? '';
      const ctx: ExtractContext = {
        repoId: REPO_ID, snapshotId: 'snap', root, path, text, settings, project,
        sourceFile: project.getSourceFile(join(root, path)), readRepoFile: read,
      };
      const facts = emptyFacts(path);
      for (const extractor of extractors) if (extractor.appliesTo(path)) extractor.extract(ctx, facts);
      return facts;
    },
  };
}

function listFiles(root: string, dir = ''): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listFiles(root, rel);
    return [rel];
  });
}

/** The fixture workspace (or another repo on disk), with every TypeScript file in the project. */
export function loadWorkspace(root = FIXTURE_ROOT): Workspace {
  const project = createTsProject(root, silentLogger);
  const files = new Map<string, string>();
  for (const path of listFiles(root)) files.set(path, readFileSync(join(root, path), 'utf8'));
  for (const [path, text] of files) if (/\.tsx?$/.test(path) && !path.endsWith('.d.ts')) project.createSourceFile(join(root, path), text, { overwrite: true });
  return makeWorkspace(root, project, files);
}

/** An in-memory workspace from `{ path: text }` (for odd syntax the fixture does not carry). */
export function memoryWorkspace(files: Record<string, string>, compilerOptions: ts.CompilerOptions = {}): Workspace {
  const root = '/repo';
  const project = new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true, compilerOptions: { target: ts.ScriptTarget.ES2022, experimentalDecorators: true, ...compilerOptions } });
  registerProjectRoot(project, root);
  const ws = makeWorkspace(root, project, new Map());
  for (const [path, text] of Object.entries(files)) ws.write(path, text);
  return ws;
}
