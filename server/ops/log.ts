/**
 * The server's one logger: every line the process writes (start-up, requests, lead deliveries,
 * errors) goes through it, as one JSON object per line (LOG_FORMAT=json, the production
 * default, for a log collector) or as readable text (the development default). Lines written
 * while a request is handled carry its request id (AsyncLocalStorage), so an error can be
 * found beside the request that caused it.
 *
 * Never log a visitor's name, e-mail or form fields; the client address only when the
 * operator opts in (LOG_CLIENT_IP).
 */
import { AsyncLocalStorage } from "node:async_hooks";

export type LogFormat = "json" | "text";
export type LogLevel = "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

export interface LogRecord extends LogFields {
  time: string;
  level: LogLevel;
  msg: string;
}

export interface Logger {
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

/** The request a line is written for (its id), when there is one. */
export const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** An Error as plain fields: its name, message and stack (operators read logs; visitors never do). */
function plain(value: unknown): unknown {
  if (value instanceof Error) {
    const { name, message, stack } = value;
    const code = (value as { code?: unknown }).code;
    return code === undefined ? { name, message, stack } : { name, message, code, stack };
  }
  return value;
}

/** One log line, without its newline. */
export function formatLine(format: LogFormat, record: LogRecord): string {
  if (format === "json") {
    return JSON.stringify(record, (_key, value) => (typeof value === "bigint" ? value.toString() : plain(value)));
  }
  const { time, level, msg, ...fields } = record;
  let stack = "";
  const parts = [time, level.toUpperCase().padEnd(5), msg];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value instanceof Error) {
      parts.push(`${key}=${JSON.stringify(value.message)}`);
      stack += `\n${value.stack ?? ""}`;
    } else {
      parts.push(`${key}=${typeof value === "string" && /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value)}`);
    }
  }
  return parts.join(" ") + stack;
}

export interface LoggerOptions {
  format: LogFormat;
  /** Fields on every line (the worker's number in a cluster). */
  base?: LogFields;
  /** Where lines go; default: stdout for info, stderr for warnings and errors. */
  write?: (line: string, level: LogLevel) => void;
  now?: () => Date;
}

const writeStd = (line: string, level: LogLevel) => {
  (level === "info" ? process.stdout : process.stderr).write(`${line}\n`);
};

export function createLogger(options: LoggerOptions): Logger {
  const write = options.write ?? writeStd;
  const now = options.now ?? (() => new Date());
  const emit = (level: LogLevel, msg: string, fields?: LogFields) => {
    const requestId = requestScope.getStore()?.requestId;
    const record: LogRecord = {
      time: now().toISOString(),
      level,
      msg,
      ...options.base,
      ...(requestId ? { request_id: requestId } : {}),
      ...fields,
    };
    write(formatLine(options.format, record), level);
  };
  return {
    info: (msg, fields) => emit("info", msg, fields),
    warn: (msg, fields) => emit("warn", msg, fields),
    error: (msg, fields) => emit("error", msg, fields),
  };
}

/** The format when LOG_FORMAT is unset: JSON in production (a collector parses it), text otherwise. */
export function defaultLogFormat(nodeEnv: string | undefined): LogFormat {
  return nodeEnv === "production" ? "json" : "text";
}

let current: Logger = createLogger({ format: defaultLogFormat(process.env.NODE_ENV) });

/** The process's logger; `configureLog` sets it once the configuration is read. */
export const log: Logger = {
  info: (msg, fields) => current.info(msg, fields),
  warn: (msg, fields) => current.warn(msg, fields),
  error: (msg, fields) => current.error(msg, fields),
};

export function configureLog(options: LoggerOptions): void {
  current = createLogger(options);
}
