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
  const decoded = new Map<string, string | undefined>();
  const read = (name: string): string | undefined => {
    if (decoded.has(name)) return decoded.get(name);
    const text = Object.hasOwn(raw, name) ? headerText(raw[name]) : undefined;
    decoded.set(name, text);
    return text;
  };
  const names = () => Object.keys(raw).filter((name) => read(name) !== undefined);
  return new Proxy({} as Record<string, string>, {
    get: (_target, name) => (typeof name === "string" ? read(name) : undefined),
    has: (_target, name) => typeof name === "string" && read(name) !== undefined,
    ownKeys: () => names(),
    getOwnPropertyDescriptor: (_target, name) => {
      if (typeof name !== "string") return undefined;
      const value = read(name);
      return value === undefined
        ? undefined
        : { value, writable: false, enumerable: true, configurable: true };
    },
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  });
}
