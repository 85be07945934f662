import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, relative } from 'node:path';
import { loadConfig } from '../config/index.js';
import { AppError } from '../errors/index.js';
import { clientTarget, launchEntry, type McpClient } from '../mcp/client-config.js';
import { codexEdit, gitignoreEdit, instructionsEdit, jsonEntryEdit, type Edit } from './file-edits.js';
import { AI_README, REPO_CONFIG } from './repo-config.js';

export interface PlannedFile {
  /** Absolute path. */
  path: string;
  /** Repository-relative, or `~/…` for a client's user file. */
  display: string;
  action: 'create' | 'update' | 'unchanged' | 'conflict';
  before: string | null;
  text?: string;
  conflict?: string;
}

export interface InitPlan {
  root: string;
  /** Folders to create (absolute), parents first. */
  dirs: string[];
  files: PlannedFile[];
}

const AI_DIRS = ['.ai/config', '.ai/graph/seed', '.ai/memory/overrides', '.ai/inbox'];
const IGNORED = ['.ai/tmp/', '.worktrees/', '.ai/config/env.local.json'];

/** The repository root `init` works in: an existing folder that is a git work tree or a package. */
export function initRoot(repo: string): string {
  if (!existsSync(repo)) throw new AppError('INVALID_ARGS', { message: `${repo} does not exist.`, details: { path: repo } });
  const root = realpathSync(repo);
  if (!lstatSync(root).isDirectory()) throw new AppError('INVALID_ARGS', { message: `${root} is not a folder.`, details: { path: root } });
  let inGit = false;
  try {
    inGit = execFileSync('git', ['-C', root, 'rev-parse', '--is-inside-work-tree'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() === 'true';
  } catch {
    inGit = false;
  }
  if (!inGit && !existsSync(join(root, 'package.json'))) {
    throw new AppError('INVALID_ARGS', { message: `${root} is neither a git work tree nor a package (no package.json): run graphgate init in the repository's root.`, details: { path: root } });
  }
  const ai = join(root, '.ai');
  if (existsSync(ai) && !lstatSync(ai).isDirectory()) {
    throw new AppError('INVALID_ARGS', { message: `${ai} exists and is not a folder: move it away, then run graphgate init again.`, details: { path: ai } });
  }
  // A half-written or broken config is named before anything is written (loadConfig names the file and key).
  loadConfig({ repoRoot: root });
  return root;
}

function read(path: string): string | null {
  return existsSync(path) ? readFileSync(path, 'utf8') : null;
}

function planned(root: string, home: string, path: string, before: string | null, edit: Edit): PlannedFile {
  const display = path.startsWith(`${root}/`) ? relative(root, path) : path.startsWith(`${home}/`) ? `~/${relative(home, path)}` : path;
  if ('conflict' in edit) return { path, display, action: 'conflict', before, conflict: edit.conflict };
  const action = before === null ? 'create' : edit.text === before ? 'unchanged' : 'update';
  return { path, display, action, before, text: edit.text };
}

/** Everything `init` would write, computed before anything is written (so a conflict writes nothing). */
export function planInit(root: string, clients: McpClient[], options: { force?: boolean; home?: string } = {}): InitPlan {
  const home = options.home ?? homedir();
  const force = options.force ?? false;
  const dirs = AI_DIRS.map((d) => join(root, d)).filter((d) => !existsSync(d));
  const files: PlannedFile[] = [];
  const add = (path: string, edit: (before: string | null) => Edit): void => {
    const before = read(path);
    files.push(planned(root, home, path, before, edit(before)));
  };
  // A person's existing config and README are theirs: only created when missing.
  add(join(root, '.ai', 'config', 'repo.json'), (b) => ({ text: b ?? REPO_CONFIG }));
  add(join(root, '.ai', 'README.md'), (b) => ({ text: b ?? AI_README }));
  add(join(root, '.gitignore'), (b) => gitignoreEdit(b, IGNORED));
  const instructionFiles = new Set(['AGENTS.md']);
  if (clients.includes('claude-code')) instructionFiles.add('CLAUDE.md');
  if (clients.includes('vscode')) instructionFiles.add('.github/copilot-instructions.md');
  for (const file of instructionFiles) add(join(root, file), (b) => instructionsEdit(b, force));
  const launch = launchEntry(root);
  for (const client of clients) {
    const target = clientTarget(client, root, home);
    const format = target.format;
    add(target.path, (b) => (format.kind === 'toml' ? codexEdit(b, launch, force) : jsonEntryEdit(b, format, launch, force)));
  }
  return { root, dirs, files };
}
