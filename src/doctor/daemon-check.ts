import { askDaemon } from '../daemon/client.js';
import { daemonEndpoint } from '../daemon/endpoint.js';
import { buildId } from '../daemon/protocol.js';
import type { Check } from './check.js';

/**
 * The ingest daemon of this Neo4j (optional): running and of this build, or not running (fine), or of
 * another build (the CLI then ingests in its own process: it works, without the speed-up).
 */
export async function daemonCheck(): Promise<Check> {
  const answer = await askDaemon(daemonEndpoint(), { op: 'status' }).catch((error: Error) => ({ type: 'failed' as const, message: error.message }));
  if (!answer) return { id: 'daemon', status: 'ok', summary: 'no ingest daemon runs (optional: `graphgate daemon start` makes re-ingests after a checkout about 3× faster)' };
  if (answer.type !== 'status') return { id: 'daemon', status: 'warn', summary: `the ingest daemon's socket did not answer its status (${'message' in answer ? answer.message : answer.type})`, fix: 'graphgate daemon stop, then graphgate daemon start' };
  const { status } = answer;
  if (status.build !== buildId()) {
    return { id: 'daemon', status: 'warn', summary: `the ingest daemon (pid ${status.pid}) runs another build of graphgate: ingests run in the CLI's own process`, fix: 'graphgate daemon stop, then graphgate daemon start' };
  }
  return { id: 'daemon', status: 'ok', summary: `ingest daemon running (pid ${status.pid}, ${status.served} ingest(s) served, ${status.rssMb} MB)` };
}
