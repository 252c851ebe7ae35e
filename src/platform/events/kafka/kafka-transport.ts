import type { Transport } from "../transport/transport.js";
export function createKafkaTransport(_deps: unknown): Transport {
  throw new Error("kafka transport: in progress");
}
