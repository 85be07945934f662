import { accessSync, constants, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { AppError } from '../errors/index.js';
import type { InitPlan } from './init-plan.js';

/** The nearest folder that exists above a path (where a new file or folder would be created). */
function existingAncestor(path: string): string {
  let dir = dirname(path);
  while (!existsSync(dir)) dir = dirname(dir);
  return dir;
}

/** Every target writable before the first write, so a permission problem writes nothing. */
function assertWritable(plan: InitPlan): void {
  const denied: string[] = [];
  const targets = [...plan.dirs, ...plan.files.filter((f) => f.action === 'create' || f.action === 'update').map((f) => f.path)];
  for (const target of targets) {
    const probe = existsSync(target) ? target : existingAncestor(target);
    try {
      accessSync(probe, constants.W_OK);
    } catch {
      denied.push(probe);
    }
  }
  if (denied.length) {
    throw new AppError('PATH_REJECTED', {
      message: `No write permission for ${[...new Set(denied)].join(', ')}; nothing was written.`,
      details: { reason: 'not_writable', paths: [...new Set(denied)] },
    });
  }
}

/**
 * Writes the plan: folders, then each file through a temporary file and a rename. A failure
 * restores every file already written and removes what was created, so a run is all or nothing.
 */
export function applyInit(plan: InitPlan): string[] {
  assertWritable(plan);
  const created: string[] = [];
  const written: Array<{ path: string; before: string | null }> = [];
  // Each missing folder is made (and recorded) on its own, so the undo removes exactly those.
  const ensureDir = (dir: string): void => {
    const missing: string[] = [];
    for (let d = dir; !existsSync(d); d = dirname(d)) missing.push(d);
    for (const d of missing.reverse()) mkdirSync(d), created.push(d);
  };
  try {
    for (const file of plan.files) {
      if (file.action !== 'create' && file.action !== 'update') continue;
      ensureDir(dirname(file.path));
      const tmp = `${file.path}.graphgate-${process.pid}.tmp`;
      writeFileSync(tmp, file.text as string);
      renameSync(tmp, file.path);
      written.push({ path: file.path, before: file.before });
    }
    for (const dir of plan.dirs) ensureDir(dir);
  } catch (error) {
    for (const w of written.reverse()) {
      if (w.before === null) rmSync(w.path, { force: true });
      else writeFileSync(w.path, w.before);
    }
    for (const dir of created.reverse()) rmSync(dir, { recursive: true, force: true });
    throw new AppError('PATH_REJECTED', { message: `graphgate init could not write (${(error as Error).message}); everything it wrote was undone.`, details: { reason: 'write_failed' }, cause: error });
  }
  return written.map((w) => w.path);
}
