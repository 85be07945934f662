/** One line of the doctor's report. `fail` makes `graphgate doctor` exit non-zero; `warn` does not. */
export interface CheckResult {
  id: string;
  group: 'machine' | 'neo4j' | 'repository' | 'clients';
  status: 'ok' | 'warn' | 'fail' | 'skip';
  /** What was found, in a few words. */
  summary: string;
  /** The command or step that fixes a `warn`/`fail`. */
  fix?: string;
}

export type Check = Omit<CheckResult, 'group'>;

/**
 * Runs a probe with a deadline: the doctor must never hang, whatever a server or a tool does.
 * A probe that throws or runs out of time becomes a `fail` with its message.
 */
export async function bounded(id: string, timeoutMs: number, probe: () => Promise<Check | Check[]>, fix?: string): Promise<Check[]> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<Check[]>((resolve) => {
    timer = setTimeout(() => resolve([{ id, status: 'fail', summary: `no answer within ${Math.round(timeoutMs / 1000)} s`, ...(fix ? { fix } : {}) }]), timeoutMs);
  });
  try {
    const run = probe().then((r) => (Array.isArray(r) ? r : [r]), (error: unknown) => [
      { id, status: 'fail' as const, summary: firstLine(error), ...(fix ? { fix } : {}) },
    ]);
    return await Promise.race([run, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]?.slice(0, 200) ?? 'failed';
}
