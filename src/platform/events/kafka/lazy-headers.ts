import type { IHeaders } from "kafkajs";

type RawValue = IHeaders[string];

function headerText(value: RawValue): string | undefined {
  if (value === undefined) return undefined;
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}

const NOTHING: Readonly<Record<string, string>> = Object.freeze({});

/**
 * A Kafka record's headers as the runtime's `Record<string, string>`, each decoded from its
 * buffer the first time it is read (decision 0505). The runtime reads three of the nine envelope
 * headers per message (message id, event type, contract version); the rest (created-at,
 * correlation, causation, traceparent, aggregate) only when a handler, the lag gauge, tracing or
 * a park/DLQ copy asks. Enumeration, `in`, spreads and JSON.stringify see every header, decoded.
 */
export function lazyHeaders(raw: IHeaders | undefined): Readonly<Record<string, string>> {
  if (!raw) return NOTHING;
  // One target and one proxy per message; the traps are shared (no closures per message).
  return new Proxy({ raw, decoded: Object.create(null) } as unknown as Record<string, string>, TRAPS);
}

interface Target {
  readonly raw: IHeaders;
  /** Decoded values by name (undefined: read and absent) */
  readonly decoded: Record<string, string | undefined>;
}

function read(target: Target, name: string): string | undefined {
  const decoded = target.decoded;
  if (name in decoded) return decoded[name];
  const text = Object.hasOwn(target.raw, name) ? headerText(target.raw[name]) : undefined;
  decoded[name] = text;
  return text;
}

const TRAPS: ProxyHandler<Record<string, string>> = {
  get: (target, name) => (typeof name === "string" ? read(target as unknown as Target, name) : undefined),
  has: (target, name) => typeof name === "string" && read(target as unknown as Target, name) !== undefined,
  ownKeys: (target) => {
    const t = target as unknown as Target;
    return Object.keys(t.raw).filter((name) => read(t, name) !== undefined);
  },
  getOwnPropertyDescriptor: (target, name) => {
    if (typeof name !== "string") return undefined;
    const value = read(target as unknown as Target, name);
    return value === undefined ? undefined : { value, writable: false, enumerable: true, configurable: true };
  },
  set: () => false,
  defineProperty: () => false,
  deleteProperty: () => false,
};
