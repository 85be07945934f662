import cliProgress from 'cli-progress';

/** A progress report: the phase, files done out of total, and the rate so far. */
export interface IngestProgress {
  phase: 'discover' | 'read' | 'parse' | 'write' | 'link' | 'policy' | 'done';
  done: number;
  total: number;
  filesPerSecond: number;
}

export type ProgressListener = (progress: IngestProgress) => void;

/**
 * A terminal progress bar on stderr (files, files/s, phase) when stderr is a TTY; otherwise no
 * output at all. Returns the listener to pass as onProgress, and stop() to call when done.
 */
export function terminalProgress(enabled = process.stderr.isTTY === true): { onProgress: ProgressListener; stop(): void } {
  if (!enabled) return { onProgress: () => {}, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    { format: 'ingest |{bar}| {value}/{total} files | {rate} files/s | {phase}', stream: process.stderr, hideCursor: true, clearOnComplete: true, fps: 10 },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    onProgress: (p) => {
      if (!started) bar.start(Math.max(p.total, 1), 0, { rate: '0', phase: p.phase }), (started = true);
      bar.setTotal(Math.max(p.total, 1));
      bar.update(p.done, { rate: p.filesPerSecond.toFixed(0), phase: p.phase });
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}
