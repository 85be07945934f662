/**
 * Statements of one transaction sent without waiting for each other's answers. Bolt runs a
 * transaction's statements in the order they were sent, so a statement still sees what the ones sent
 * before it wrote; only the round trip per statement goes (a one-file edit sent ~20 statements, each
 * waited for: 2–4 ms apiece on the 2-core machine). Use it for statements whose answers nothing
 * sent later depends on, and call `done()` before the transaction commits.
 */
export class Pipelined {
  private readonly sent: Array<Promise<unknown>> = [];

  /** Sends a statement; its answer (or error) is also waited for by `done()`. */
  add<T>(statement: Promise<T>): Promise<T> {
    // Handled at once: an error surfaces from done(), not as an unhandled rejection while the caller awaits another statement.
    statement.catch(() => undefined);
    this.sent.push(statement);
    return statement;
  }

  /** Waits for every statement sent; the first error is thrown. */
  async done(): Promise<void> {
    await Promise.all(this.sent);
  }
}

/**
 * Runs statements and gives their answers in order: sent together when they share one transaction
 * (Bolt keeps their order), one after another when each is its own transaction (a large run's: as many
 * transactions at once would only contend for the server).
 */
export async function inTurn<T>(oneTransaction: boolean, statements: Array<() => Promise<T>>): Promise<T[]> {
  if (oneTransaction) return Promise.all(statements.map((statement) => statement()));
  const answers: T[] = [];
  for (const statement of statements) answers.push(await statement());
  return answers;
}
