import type { SourceFile } from 'ts-morph';

// The codemods' parsers, imported on first use instead of with the modules: ts-morph (with its own
// TypeScript) and @angular/compiler take 0.5–1 s to load, so each process chooses when to pay for them
// (the MCP server before its first message, src/mcp/run-stdio.ts; a CLI command that never patches never).

let tsMorphModule: Promise<typeof import('ts-morph')> | undefined;
let angularModule: Promise<typeof import('@angular/compiler')> | undefined;

/** ts-morph, loaded once per process. */
export function loadTsMorph(): Promise<typeof import('ts-morph')> {
  tsMorphModule ??= import('ts-morph');
  return tsMorphModule;
}

/** @angular/compiler, loaded once per process. */
export function loadAngularCompiler(): Promise<typeof import('@angular/compiler')> {
  angularModule ??= import('@angular/compiler');
  return angularModule;
}

/** Parses one file in memory (no file system, no type checking). */
export async function parseSource(text: string, filePath: string): Promise<SourceFile> {
  const { Project } = await loadTsMorph();
  const project = new Project({ useInMemoryFileSystem: true, skipAddingFilesFromTsConfig: true, compilerOptions: { allowJs: true } });
  return project.createSourceFile(`/virtual/${filePath.split('/').pop() ?? 'file.ts'}`, text, { overwrite: true });
}
