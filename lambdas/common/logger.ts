/**
 * One structured JSON logger per service: a line of JSON per event on stdout, with the
 * request id when a request is being served. Never throws, never logs secrets it is not given.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

function serialise(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

export function createLogger(service: string, base: Record<string, unknown> = {}): Logger {
  const threshold = order[(process.env.LOG_LEVEL as Level | undefined) ?? 'info'] ?? order.info;
  const write = (level: Level, message: string, fields: Record<string, unknown> = {}) => {
    if (order[level] < threshold) return;
    const entry: Record<string, unknown> = {
      level,
      time: new Date().toISOString(),
      service,
      ...base,
      message,
    };
    for (const [key, value] of Object.entries(fields)) entry[key] = serialise(value);
    process.stdout.write(`${JSON.stringify(entry)}\n`);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger(service, { ...base, ...fields }),
  };
}
