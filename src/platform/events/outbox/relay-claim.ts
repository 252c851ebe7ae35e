import type pg from "pg";
import type { Clock } from "../../clock/clock.js";
import type { Db } from "../../db/prisma-client.js";
import { checkOut, openingRunner, type SqlRunner } from "../../db/sql-runner.js";
import { markFailed, startProducerSpan } from "../../tracing/tracing.js";
import type { OutboundMessage, Transport } from "../transport/transport.js";
import { headersOf } from "../wire.js";
import type { ClaimResult } from "./relay-claims.js";
import {
  abandon,
  currentPublisher,
  PublishTimeoutError,
  type RelayPublisher,
  type RelayPublishers,
  within,
} from "./relay-publisher.js";
import type { relayUpkeep } from "./relay-upkeep.js";
import { type ClaimedRow, claimShards } from "./sql/claim-shards.js";
import { markPublishedAndCommit } from "./sql/mark-published.js";
import { shardsWithUnpublished } from "./sql/shards-with-unpublished.js";

/**
 * The relay's producer span of a row that carries a trace (decision 0450): `<topic> publish`, a
 * child of the span that wrote the row; its traceparent goes on the wire instead of the row's.
 * Rows without one (tracing off) get none.
 */
function publishSpanOf(row: ClaimedRow, system: Transport["kind"]) {
  if (!row.metadata.traceparent) return null;
  return startProducerSpan(`${row.topic} publish`, row.metadata.traceparent, {
    "messaging.system": system === "kafka" ? "kafka" : "pin-local-log",
    "messaging.operation.type": "send",
    "messaging.destination.name": row.topic,
    "messaging.message.id": row.metadata.messageId,
    "messaging.kafka.message.key": row.key,
    "pin.outbox.id": String(row.id),
  });
}

/** What a claim transaction needs of the relay. */
export interface RelayClaimContext {
  readonly db: Db;
  readonly clock: Clock;
  readonly transportKind: Transport["kind"];
  /** Tests' fault hook: between the publish and the mark (crash-recovery) */
  readonly afterPublish: (() => void) | undefined;
  readonly shards: number;
  readonly batchSize: number;
  readonly deadlineMs: number;
  readonly pubs: RelayPublishers;
  readonly metrics: ReturnType<typeof relayUpkeep>["metrics"];
  /** The pool under `db`: a claim transaction holds one of its connections (decision 0629) */
  readonly pool: pg.Pool;
}

/**
 * One pass's claim (decision 0633): without `direct`, the hint first — nothing unpublished costs
 * that one read; then one claim transaction over every shard this worker can lock.
 */
export async function claimOnce(ctx: RelayClaimContext, direct: boolean): Promise<ClaimResult> {
  if (!direct) {
    const hint = await shardsWithUnpublished(ctx.db, ctx.shards);
    if (hint.shards.length === 0) return { published: 0, full: false, passedOver: false };
  }
  return relayClaim(ctx);
}

/**
 * One claim transaction on a connection of the pool (decisions 0629, 0633): `BEGIN; claim` in one
 * round trip (the claim takes the lock of every shard it can), publish, then `mark; COMMIT` in one.
 */
async function relayClaim(ctx: RelayClaimContext): Promise<ClaimResult> {
  const { pubs, metrics: m } = ctx;
  const pub = await currentPublisher(pubs);
  if (!pub) return { published: 0, full: false, passedOver: false };
  const { client, release } = await checkOut(ctx.pool);
  let failed: Error | undefined;
  let open = false;
  try {
    const tx = openingRunner(client);
    open = true;
    const claim = await claimShards(tx.runner, ctx.shards, ctx.batchSize);
    const { rows } = claim;
    const passedOver = claim.passedOver > 0;
    if (rows.length === 0) {
      await client.query("COMMIT");
      open = false;
      m.claims.inc({ outcome: passedOver ? "locked" : "empty" });
      return { published: 0, full: claim.windowFull, passedOver };
    }
    m.claims.inc({ outcome: "published" });
    await publishClaimed(ctx, pub, rows, tx.runner);
    ctx.afterPublish?.();
    await markPublishedAndCommit(
      client,
      rows.map((r) => r.id),
      ctx.clock.now(),
    );
    open = false;
    for (const r of rows) m.published.inc({ topic: r.topic });
    return { published: rows.length, full: rows.length >= ctx.batchSize || claim.windowFull, passedOver };
  } catch (error) {
    if (open) await client.query("ROLLBACK").catch((e: unknown) => (failed = e as Error));
    throw error;
  } finally {
    release(failed);
  }
}

/** The claimed rows to the transport, each with its producer span, within the publish deadline. */
async function publishClaimed(
  ctx: RelayClaimContext,
  pub: RelayPublisher,
  rows: readonly ClaimedRow[],
  tx: SqlRunner,
): Promise<void> {
  const { pubs } = ctx;
  const spans = rows.map((r) => publishSpanOf(r, ctx.transportKind));
  const messages: OutboundMessage[] = rows.map((r, i) => {
    const headers = headersOf(r.metadata);
    const traced = spans[i];
    if (traced) headers.traceparent = traced.traceparent;
    return { id: r.id, topic: r.topic, key: r.key, value: r.payload, headers };
  });
  try {
    await within(pub.publish(messages, tx), ctx.deadlineMs);
  } catch (error) {
    for (const s of spans) if (s) markFailed(s.span, String(error));
    if (error instanceof PublishTimeoutError) abandon(pubs, pub, "timeout");
    throw error;
  } finally {
    for (const s of spans) s?.span.end();
  }
}
