import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `fn` while holding a directory lock (mkdir is atomic). A lock whose owner process is gone is
 * taken over; a live owner is waited for up to `waitMs`.
 */
export async function withDirLock<T>(lockDir: string, waitMs: number, fn: () => Promise<T>): Promise<T> {
  const ownerFile = join(lockDir, 'owner');
  const deadline = Date.now() + waitMs;
  await mkdir(dirname(lockDir), { recursive: true });
  for (;;) {
    try {
      await mkdir(lockDir);
      await writeFile(ownerFile, String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(await readFile(ownerFile, 'utf8').catch(() => '0'));
      if (!owner || !alive(owner)) {
        await rm(lockDir, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for lock ${lockDir} held by pid ${owner}`);
      await sleep(250);
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lockDir, { recursive: true, force: true });
  }
}
