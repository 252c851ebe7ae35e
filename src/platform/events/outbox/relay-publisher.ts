import type { Logger } from "../../log/logger.js";
import { type Counter, counter, type Registry } from "../../metrics/registry.js";
import type { Publisher, Transport } from "../transport/transport.js";

export type RelayPublisher = Publisher & { close(): Promise<void> };

/** A publish the client never answered: the relay drops that producer and makes a new one. */
export class PublishTimeoutError extends Error {
  readonly code = "OUTBOX_PUBLISH_TIMEOUT";
  constructor(readonly afterMs: number) {
    super(`the Kafka client did not answer a publish within ${afterMs} ms; its producer is replaced`);
    this.name = "PublishTimeoutError";
  }
}

/** `work`, or a PublishTimeoutError once `ms` passed without an answer (the work is abandoned). */
export async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PublishTimeoutError(ms)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The relay's publisher, replaced when it stops answering (decision 0499): after a timeout, or
 * after a worker's failures, the old one is dropped (closed in the background: a client that
 * hangs may hang on close too) and a new one is made by the first worker that needs it; a failure
 * to make it fails that pass (backoff, then again).
 */
export interface RelayPublishers {
  publisher: RelayPublisher | null;
  /** Set while a replacement for an abandoned publisher is being made */
  replacing: Promise<RelayPublisher> | null;
  /** Whether the relay runs: no publisher is made for a stopped relay */
  active: boolean;
  readonly transport: Transport;
  readonly options: { brokers: string[] } | undefined;
  readonly log: Logger;
  readonly timeouts: Counter<string>;
}

export function relayPublishers(
  transport: Transport,
  brokers: string[] | undefined,
  log: Logger,
  metrics: Registry,
): RelayPublishers {
  return {
    publisher: null,
    replacing: null,
    active: false,
    transport,
    options: brokers ? { brokers } : undefined,
    log,
    timeouts: counter(
      metrics,
      "pin_outbox_publish_timeouts_total",
      "Relay publishes the Kafka client did not answer in time (its producer was replaced)",
    ),
  };
}

/** The publisher of the next batch (made anew after an abandon). */
export async function currentPublisher(p: RelayPublishers): Promise<RelayPublisher | null> {
  if (p.publisher || !p.active) return p.publisher;
  p.replacing ??= p.transport.publisher(p.options).finally(() => {
    p.replacing = null;
  });
  p.publisher = await p.replacing;
  return p.publisher;
}

export function abandon(
  p: RelayPublishers,
  pub: RelayPublisher | null,
  why: "timeout" | "failures",
  quiet = false,
): void {
  if (!pub || p.publisher !== pub) return;
  p.publisher = null;
  if (why === "timeout") p.timeouts.inc();
  if (quiet) p.log.debug({ why }, "outbox relay: producer replaced");
  else p.log.warn({ why }, "outbox relay: producer replaced");
  void pub.close().catch(() => {});
}
