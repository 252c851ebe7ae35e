import { type Logger, type LoggerOptions as PinoOptions, pino } from "pino";
import { PinoPretty } from "pino-pretty";
import { truncateForLog } from "../validation/text.js";

export type { Logger } from "pino";

export interface LoggerOptions {
  readonly level: string;
  readonly pretty: boolean;
  readonly name?: string;
}

/**
 * Whether the process logs for a person (decision 0421): LOG_FORMAT=pretty|json says so; `auto`
 * (the default) is pretty in development — at a terminal or not (an IDE's console, `npm start |
 * less`) — and JSON lines in every other environment. PIN_LOG_PRETTY=true forces pretty as before.
 */
export function prettyLogs(settings: {
  readonly logFormat: "auto" | "pretty" | "json";
  readonly logPretty: boolean;
  readonly nodeEnv: string;
}): boolean {
  if (settings.logFormat === "json") return false;
  if (settings.logFormat === "pretty" || settings.logPretty) return true;
  return settings.nodeEnv === "development";
}

/** The process logger. Injected everywhere (never imported as a module singleton). */
export function createLogger(options: LoggerOptions): Logger {
  const pinoOptions: PinoOptions = {
    name: options.name ?? "pin",
    level: options.level,
    base: undefined,
    ...BOUNDED_VALUES,
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  if (!options.pretty) return pino(pinoOptions);
  // In this thread and synchronous (not a transport's worker): lines keep their order with the
  // console's (the ready banner stays last), one line per entry, colours only at a terminal.
  return pino(
    pinoOptions,
    PinoPretty({
      sync: true,
      singleLine: true,
      colorize: process.stdout.isTTY === true,
      translateTime: "SYS:HH:MM:ss.l",
      ignore: "name",
    }),
  );
}

/**
 * No log line carries a client-chosen value in full (issue #13: one 5 MB id made a 13 MB line):
 * strings are cut at LOG_STRING_MAX, lists and objects at 50 entries, errors' messages too.
 */
const BOUNDED_VALUES: Pick<PinoOptions, "formatters" | "serializers"> = {
  formatters: { log: (object) => truncateForLog(withSerializedErrors(object)) as Record<string, unknown> },
  serializers: {
    // already serialized by withSerializedErrors when it was an Error
    err: (error: unknown) =>
      error instanceof Error ? truncateForLog(pino.stdSerializers.err(error)) : error,
  },
};

/**
 * pino runs `formatters.log` before the serializers, and copying an Error keeps only its own
 * enumerable fields — a RangeError became `err: {}`, a domain error lost its message and stack
 * (issue #25). Every Error value of the line is serialized (type, message, stack, cause) first.
 */
function withSerializedErrors(object: Record<string, unknown>): Record<string, unknown> {
  let out = object;
  for (const [key, value] of Object.entries(object)) {
    if (!(value instanceof Error)) continue;
    if (out === object) out = { ...object };
    out[key] = pino.stdSerializers.err(value);
  }
  return out;
}

/** A logger that remembers what was logged, for tests that assert on logs. */
export function createMemoryLogger(): { logger: Logger; entries: Array<Record<string, unknown>> } {
  const entries: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: "trace", base: undefined, ...BOUNDED_VALUES },
    {
      write(line: string) {
        entries.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  );
  return { logger, entries };
}
