/** Structured logs to stderr: stdout is reserved for protocol output (MCP) and command results. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
/** Every level, lowest first (for options that take one). */
export const LOG_LEVELS = Object.keys(ORDER) as LogLevel[];

/** A JSON-lines logger writing to stderr at or above `level` (env GRAPHGATE_LOG_LEVEL overrides). */
export function createLogger(level: LogLevel = (process.env.GRAPHGATE_LOG_LEVEL as LogLevel) ?? 'info'): Logger {
  const min = ORDER[level] ?? ORDER.info;
  const emit = (lvl: LogLevel, msg: string, fields?: Record<string, unknown>): void => {
    if (ORDER[lvl] < min) return;
    process.stderr.write(`${JSON.stringify({ ts: new Date().toISOString(), level: lvl, msg, ...fields })}\n`);
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
  };
}

/** A logger that drops everything (for tests and quiet CLI paths). */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
