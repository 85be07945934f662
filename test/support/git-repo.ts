import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A throw-away git repository for history tests: commits with fixed authors and chosen times. */
export interface TempGitRepo {
  root: string;
  git(...args: string[]): string;
  /** Writes files (null deletes), stages exactly those paths and commits at `time` (epoch seconds); returns the sha. */
  commit(message: string, files: Record<string, string | null>, time: number): string;
  write(path: string, text: string): void;
  remove(): void;
}

export function createGitRepo(prefix = 'graphgate-history-'): TempGitRepo {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: root, LC_ALL: 'C', GIT_CONFIG_NOSYSTEM: '1' };
  const git = (...args: string[]): string =>
    execFileSync('git', ['-C', root, '-c', 'user.name=t', '-c', 'user.email=t@x', '-c', 'commit.gpgsign=false', ...args], { encoding: 'utf8', env }).trim();
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  git('init', '-q', '-b', 'main');
  return {
    root,
    git,
    write,
    commit(message, files, time) {
      for (const [path, text] of Object.entries(files)) {
        if (text === null) rmSync(join(root, path), { force: true });
        else write(path, text);
      }
      if (Object.keys(files).length > 0) git('add', '-A', '--', ...Object.keys(files));
      const date = `@${time} +0000`;
      execFileSync('git', ['-C', root, '-c', 'user.name=t', '-c', 'user.email=t@x', '-c', 'commit.gpgsign=false', 'commit', '-q', '--allow-empty', '--allow-empty-message', '-F', '-'], {
        input: message, env: { ...env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
      });
      return git('rev-parse', 'HEAD');
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
