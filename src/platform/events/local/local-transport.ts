import type { Transport } from "../transport/transport.js";
export function createLocalTransport(_deps: unknown): Transport {
  throw new Error("local transport: in progress");
}
