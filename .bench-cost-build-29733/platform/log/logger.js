import { pino } from "pino";
import { PinoPretty } from "pino-pretty";
import { truncateForLog } from "../validation/text.js";
function prettyLogs(settings) {
  if (settings.logFormat === "json") return false;
  if (settings.logFormat === "pretty" || settings.logPretty) return true;
  return settings.nodeEnv === "development";
}
function createLogger(options) {
  const pinoOptions = {
    name: options.name ?? "pin",
    level: options.level,
    base: void 0,
    ...BOUNDED_VALUES,
    timestamp: pino.stdTimeFunctions.isoTime
  };
  if (!options.pretty) return pino(pinoOptions);
  return pino(
    pinoOptions,
    PinoPretty({
      sync: true,
      singleLine: true,
      colorize: process.stdout.isTTY === true,
      translateTime: "SYS:HH:MM:ss.l",
      ignore: "name"
    })
  );
}
const BOUNDED_VALUES = {
  formatters: { log: (object) => truncateForLog(withSerializedErrors(object)) },
  serializers: {
    // already serialized by withSerializedErrors when it was an Error
    err: (error) => error instanceof Error ? truncateForLog(pino.stdSerializers.err(error)) : error
  }
};
function withSerializedErrors(object) {
  let out = object;
  for (const [key, value] of Object.entries(object)) {
    if (!(value instanceof Error)) continue;
    if (out === object) out = { ...object };
    out[key] = pino.stdSerializers.err(value);
  }
  return out;
}
function createMemoryLogger() {
  const entries = [];
  const logger = pino(
    { level: "trace", base: void 0, ...BOUNDED_VALUES },
    {
      write(line) {
        entries.push(JSON.parse(line));
      }
    }
  );
  return { logger, entries };
}
export {
  createLogger,
  createMemoryLogger,
  prettyLogs
};
//# sourceMappingURL=logger.js.map
