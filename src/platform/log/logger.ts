import { type Logger, pino } from "pino";

export type { Logger } from "pino";

export interface LoggerOptions {
  readonly level: string;
  readonly pretty: boolean;
  readonly name?: string;
}

/** The process logger. Injected everywhere (never imported as a module singleton). */
export function createLogger(options: LoggerOptions): Logger {
  return pino({
    name: options.name ?? "pin",
    level: options.level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    ...(options.pretty
      ? { transport: { target: "pino-pretty", options: { colorize: true, translateTime: "SYS:HH:MM:ss.l" } } }
      : {}),
  });
}

/** A logger that remembers what was logged, for tests that assert on logs. */
export function createMemoryLogger(): { logger: Logger; entries: Array<Record<string, unknown>> } {
  const entries: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: "trace", base: undefined },
    {
      write(line: string) {
        entries.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  );
  return { logger, entries };
}
