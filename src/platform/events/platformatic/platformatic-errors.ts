import { classifyKafkaError, type KafkaErrorVerdict } from "../kafka/kafka-errors.js";

/**
 * @platformatic/kafka's errors in the shape classifyKafkaError reads (decision 0430): a protocol
 * error carries the Kafka error name in `apiId` (kafkajs calls it `type`), a network error or a
 * timeout has the code PLT_KFK_NETWORK, refused credentials PLT_KFK_AUTHENTICATION, and a
 * MultipleErrors wraps the attempts in `errors`. The verdicts are the kafkajs adapter's: the same
 * not-ready / configuration / unexpected split (issue #21, decision 0320).
 */
const CODE_AS_TYPE: Readonly<Record<string, string>> = {
  PLT_KFK_NETWORK: "NETWORK_EXCEPTION",
  PLT_KFK_AUTHENTICATION: "SASL_AUTHENTICATION_FAILED",
  // Ours (deadline.ts, decision 0523): a call abandoned at its deadline, a member that stopped fetching
  KAFKA_CLIENT_DEADLINE: "REQUEST_TIMED_OUT",
  KAFKA_MEMBER_STALLED: "REQUEST_TIMED_OUT",
};
const MAX_DEPTH = 6;
const MAX_INNER = 10;

interface Shape {
  name?: unknown;
  type?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

function reshape(error: unknown, depth: number, seen: Set<unknown>): unknown {
  if (!error || typeof error !== "object" || depth > MAX_DEPTH || seen.has(error)) return undefined;
  seen.add(error);
  const e = error as Shape & { apiId?: unknown };
  const code = typeof e.code === "string" ? e.code : undefined;
  const type = typeof e.apiId === "string" ? e.apiId : code !== undefined ? CODE_AS_TYPE[code] : undefined;
  const errors = Array.isArray(e.errors)
    ? e.errors.slice(0, MAX_INNER).map((inner: unknown) => reshape(inner, depth + 1, seen))
    : undefined;
  return {
    name: e.name,
    message: e.message,
    // A platformatic code is not a socket code: kept out so CONNECTION_NOT_YET_CODES reads only those
    code: code?.startsWith("PLT_KFK_") ? undefined : code,
    type,
    cause: reshape(e.cause, depth + 1, seen),
    errors,
  };
}

export function classifyPlatformaticError(error: unknown): KafkaErrorVerdict {
  return classifyKafkaError(reshape(error, 0, new Set()) ?? error);
}

/** True for an error raised by @platformatic/kafka (its codes all start with PLT_KFK_). */
export function isPlatformaticClientError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth <= MAX_DEPTH; depth++) {
    const code = (e as Shape).code;
    if (typeof code === "string" && code.startsWith("PLT_KFK_")) return true;
    e = (e as Shape).cause;
  }
  return false;
}
