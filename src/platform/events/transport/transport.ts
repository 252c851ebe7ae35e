import type { AnyConsumerDefinition } from "../consumer/definition.js";
import type { BroadcastOptions, Runner } from "./runner.js";

/** One outbox row on its way out: the envelope already flattened to what the wire carries. */
export interface OutboundMessage {
  readonly id: bigint;
  readonly topic: string;
  readonly key: string;
  /** JSON text of the payload */
  readonly value: string;
  readonly headers: Record<string, string>;
}

/**
 * What the relay needs to publish one claimed batch. `publish` must not return before the
 * messages are durable on the transport; it runs inside the relay's claim transaction
 * (`tx`, its connection), which the local log uses to append atomically with the outbox mark.
 */
export interface Publisher {
  publish(
    messages: readonly OutboundMessage[],
    tx: import("../../db/sql-runner.js").SqlRunner,
  ): Promise<void>;
}

export interface Transport {
  readonly kind: "kafka" | "local";
  publisher(opts?: { brokers?: string[] }): Promise<Publisher & { close(): Promise<void> }>;
  consumer(def: AnyConsumerDefinition): Runner;
  broadcast(opts: BroadcastOptions): Runner;
  /** Writes a message to a topic directly (DLQ copies, replays) */
  send(message: Omit<OutboundMessage, "id">): Promise<void>;
  ping(): Promise<boolean>;
  /**
   * Resolves once the broker answered (at once for the local log); waits with backoff while it is
   * absent or settling; rejects with a ConfigError when the settings can never work (issue #21).
   */
  waitForBroker(cancelled?: () => boolean): Promise<void>;
  close(): Promise<void>;
}
