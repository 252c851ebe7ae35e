import type { Runner } from "../event-platform.js";
export function createOutboxRelay(_deps: unknown): Runner {
  throw new Error("outbox relay: in progress");
}
