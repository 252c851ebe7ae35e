import type { Clock } from "../../clock/clock.js";
import type { Db, Tx } from "../../db/prisma-client.js";
import { assertNever } from "../../errors/domain-error.js";
import type { Logger } from "../../log/logger.js";
import type { ContractRegistry } from "../contracts/registry.js";
import type { EventEnvelope } from "../envelope.js";
import { dedupKeyOf, type InboundMessage, parseEnvelope } from "../wire.js";
import { CONTRACT_INVALID_CODE, errorCodeOf, errorMessageOf } from "./classify-error.js";
import type { ConsumerMetrics } from "./consumer-metrics.js";
import { type SendFn, writeDeadLetter } from "./dead-letter.js";
import {
  type ConsumerDefinition,
  classifyFor,
  type EventHandler,
  type HandlerResult,
  retryPolicyOf,
} from "./definition.js";
import { nextRetry } from "./retry-policy.js";

/**
 * What the transport must do with the message's position:
 * - done: commit past it (handled, duplicate, parked, dead-lettered or skipped)
 * - infrastructure: do not commit; pause the partition and come back to this very message
 */
export type ProcessOutcome = { kind: "done"; result: string } | { kind: "infrastructure"; error: unknown };

export interface ParkedRow {
  id: bigint;
  topic: string;
  key: string;
  partition: number;
  offset: string;
  value: string;
  headers: Record<string, string>;
  attempts: number;
}

export interface MessageProcessorDeps {
  def: ConsumerDefinition;
  db: Db;
  log: Logger;
  clock: Clock;
  contracts: ContractRegistry;
  metrics: ConsumerMetrics;
  send: SendFn;
}

const DUPLICATE = "skipped-duplicate";
const PARKED_BEHIND = "parked-behind";
type TxResult = HandlerResult | typeof DUPLICATE | typeof PARKED_BEHIND;

/** Transport-agnostic handling of one message: dedup, validation, handler, error policy. */
export function createMessageProcessor(deps: MessageProcessorDeps) {
  const { def, db, clock, contracts, metrics } = deps;
  const policy = retryPolicyOf(def);
  const group = def.group;

  const labels = (topic: string) => ({ group, topic });

  async function deadLetter(
    message: InboundMessage,
    errorCode: string,
    reason: string,
    attempts: number,
    tx?: Tx,
  ) {
    await writeDeadLetter(
      { db, clock, send: deps.send },
      { group, message, errorCode, reason, attempts },
      tx,
    );
    metrics.dlq.inc({ ...labels(message.topic), code: errorCode });
    deps.log.error(
      { group, topic: message.topic, key: message.key, offset: message.offset, errorCode, reason, attempts },
      "dead-lettered",
    );
  }

  async function park(
    message: InboundMessage,
    attempts: number,
    nextAt: Date,
    error: unknown | null,
    tx?: Tx,
  ) {
    const runner = tx ?? db;
    await runner.$executeRaw`
      INSERT INTO platform.parked_messages
        (group_id, topic, key, partition, "offset", value, headers, attempts, next_attempt_at,
         last_error_code, last_error, parked_at)
      VALUES (${group}, ${message.topic}, ${message.key}, ${message.partition}, ${message.offset}, ${message.value},
              ${JSON.stringify(message.headers)}::jsonb, ${attempts}, ${nextAt},
              ${error === null ? null : errorCodeOf(error)}, ${error === null ? null : errorMessageOf(error)},
              ${clock.now()})`;
  }

  type Prepared =
    | { kind: "ready"; envelope: EventEnvelope<unknown>; handler: EventHandler<unknown> }
    | { kind: "rejected"; code: string; reason: string }
    | { kind: "unhandled" };

  function prepare(message: InboundMessage): Prepared {
    const handler = def.handlers[message.topic] as EventHandler<unknown> | undefined;
    if (!handler) return { kind: "unhandled" };
    const parsed = parseEnvelope(message);
    if (!parsed.ok) return { kind: "rejected", code: CONTRACT_INVALID_CODE, reason: parsed.error };
    const valid = contracts.validatePayload(message.topic, parsed.envelope.payload);
    if (!valid.ok) {
      return {
        kind: "rejected",
        code: CONTRACT_INVALID_CODE,
        reason: `contract violation: ${valid.errors.join("; ")}`,
      };
    }
    const expected = def.expectedContractVersion;
    if (expected !== undefined && parsed.envelope.metadata.contractVersion !== expected) {
      metrics.contractMismatch.inc(labels(message.topic));
      deps.log.warn(
        { group, topic: message.topic, expected, got: parsed.envelope.metadata.contractVersion },
        "contract version mismatch",
      );
    }
    return { kind: "ready", envelope: parsed.envelope, handler };
  }

  /** One attempt in one transaction; `parkedId` set when retrying a parked message. */
  async function runOnce(
    message: InboundMessage,
    envelope: EventEnvelope<unknown>,
    handler: EventHandler<unknown>,
    attempt: number,
    heartbeat: () => Promise<void>,
    parkedId: bigint | null,
  ): Promise<TxResult | "gone"> {
    return db.$transaction(async (tx) => {
      let inserted: number;
      if (parkedId === null) {
        // Per-key order: while an earlier message of this key is parked, later ones queue behind
        // it. One round trip: the dedup mark is written only when the key has nothing parked.
        const [row] = await tx.$queryRaw<Array<{ parked: boolean; inserted: bigint }>>`
          WITH waiting AS (
            SELECT 1 FROM platform.parked_messages
            WHERE group_id = ${group} AND topic = ${message.topic} AND key = ${message.key} LIMIT 1
          ), mark AS (
            INSERT INTO platform.processed_messages (dedup_key, group_id, processed_at)
            SELECT ${dedupKeyOf(group, envelope)}, ${group}, ${clock.now()}
            WHERE NOT EXISTS (SELECT 1 FROM waiting)
            ON CONFLICT (dedup_key) DO NOTHING
            RETURNING 1
          )
          SELECT EXISTS (SELECT 1 FROM waiting) AS parked, (SELECT count(*) FROM mark) AS inserted`;
        if (row?.parked) {
          await park(message, 0, clock.now(), null, tx);
          return PARKED_BEHIND;
        }
        inserted = Number(row?.inserted ?? 0);
      } else {
        const mine = await tx.$queryRaw<Array<{ id: bigint }>>`
          SELECT id FROM platform.parked_messages WHERE id = ${parkedId} FOR UPDATE SKIP LOCKED`;
        if (mine.length === 0) return "gone";
        await tx.$executeRaw`DELETE FROM platform.parked_messages WHERE id = ${parkedId}`;
        inserted = await tx.$executeRaw`
          INSERT INTO platform.processed_messages (dedup_key, group_id, processed_at)
          VALUES (${dedupKeyOf(group, envelope)}, ${group}, ${clock.now()})
          ON CONFLICT (dedup_key) DO NOTHING`;
      }
      if (inserted === 0) return DUPLICATE;
      const result = await handler(envelope.payload as never, {
        tx,
        envelope,
        log: deps.log.child({ group, topic: message.topic, messageId: envelope.metadata.messageId }),
        clock,
        heartbeat,
        attempt,
      });
      return result ?? "applied";
    });
  }

  function recordSuccess(
    message: InboundMessage,
    envelope: EventEnvelope<unknown>,
    result: TxResult,
    started: number,
  ) {
    const l = labels(message.topic);
    metrics.consumed.inc({ ...l, result });
    metrics.duration.observe(l, performance.now() - started);
    const created = Date.parse(envelope.metadata.createdAt);
    if (Number.isFinite(created)) metrics.lag.set(l, Math.max(0, (clock.now().getTime() - created) / 1000));
    if (result === DUPLICATE) metrics.skippedDuplicate.inc(l);
    if (result === "skipped-stale") metrics.stale.inc(l);
    const fields = { group, topic: message.topic, key: message.key, messageId: envelope.metadata.messageId };
    if (result === DUPLICATE || result === "skipped-stale" || result === PARKED_BEHIND)
      deps.log.info(fields, result);
    else deps.log.debug(fields, "consumed");
  }

  /**
   * Runs the handler with the conflict policy; then applies the error class. `parked` is the
   * parked row when this is a retry (its failures so far are `parked.attempts`).
   */
  async function handle(
    message: InboundMessage,
    heartbeat: () => Promise<void>,
    parked: ParkedRow | null,
  ): Promise<ProcessOutcome> {
    const prepared = prepare(message);
    const priorFailures = parked?.attempts ?? 0;
    try {
      switch (prepared.kind) {
        case "unhandled":
          if (parked) await db.$executeRaw`DELETE FROM platform.parked_messages WHERE id = ${parked.id}`;
          return { kind: "done", result: "unhandled" };
        case "rejected":
          if (def.invalidPayload === "skip") {
            metrics.skipped.inc(labels(message.topic));
            deps.log.warn(
              {
                group,
                topic: message.topic,
                key: message.key,
                offset: message.offset,
                reason: prepared.reason,
              },
              "invalid payload skipped by policy",
            );
            if (parked) await db.$executeRaw`DELETE FROM platform.parked_messages WHERE id = ${parked.id}`;
            return { kind: "done", result: "skipped" };
          }
          await deadLetterAndUnpark(message, prepared.code, prepared.reason, priorFailures + 1, parked);
          return { kind: "done", result: "dead-lettered" };
        case "ready":
          break;
        default:
          return assertNever(prepared, "prepared message");
      }
    } catch (error) {
      return { kind: "infrastructure", error };
    }

    const { envelope, handler } = prepared;
    let conflicts = 0;
    for (;;) {
      const started = performance.now();
      const attempt = priorFailures + conflicts + 1;
      try {
        const result = await runOnce(message, envelope, handler, attempt, heartbeat, parked?.id ?? null);
        if (result === "gone") return { kind: "done", result: "gone" };
        recordSuccess(message, envelope, result, started);
        return { kind: "done", result };
      } catch (error) {
        const errorClass = classifyFor(def, error);
        const l = labels(message.topic);
        const fields = {
          group,
          topic: message.topic,
          key: message.key,
          messageId: envelope.metadata.messageId,
        };
        try {
          switch (errorClass) {
            case "conflict":
              metrics.conflicts.inc(l);
              conflicts += 1;
              if (conflicts <= policy.conflictRetries) {
                deps.log.warn({ ...fields, conflicts }, "concurrency conflict, re-reading");
                continue;
              }
              await deadLetterAndUnpark(message, errorCodeOf(error), errorMessageOf(error), attempt, parked);
              return { kind: "done", result: "dead-lettered" };
            case "retriable": {
              metrics.retries.inc(l);
              const failures = priorFailures + 1;
              const next = nextRetry(policy, failures, clock.now());
              if (next.kind === "dead-letter") {
                await deadLetterAndUnpark(
                  message,
                  errorCodeOf(error),
                  errorMessageOf(error),
                  failures,
                  parked,
                );
                return { kind: "done", result: "dead-lettered" };
              }
              deps.log.warn(
                {
                  ...fields,
                  failures,
                  retryAt: next.at.toISOString(),
                  errorCode: errorCodeOf(error),
                  err: error,
                },
                "retriable failure, parked",
              );
              if (parked) {
                await db.$executeRaw`
                  UPDATE platform.parked_messages
                  SET attempts = ${failures}, next_attempt_at = ${next.at},
                      last_error_code = ${errorCodeOf(error)}, last_error = ${errorMessageOf(error)}
                  WHERE id = ${parked.id}`;
              } else {
                await park(message, failures, next.at, error);
              }
              return { kind: "done", result: "parked" };
            }
            case "non-retriable":
              await deadLetterAndUnpark(message, errorCodeOf(error), errorMessageOf(error), attempt, parked);
              return { kind: "done", result: "dead-lettered" };
            case "skip":
              metrics.skipped.inc(l);
              deps.log.warn(
                { ...fields, errorCode: errorCodeOf(error), err: error },
                "failure skipped by policy",
              );
              if (parked) await db.$executeRaw`DELETE FROM platform.parked_messages WHERE id = ${parked.id}`;
              return { kind: "done", result: "skipped" };
            case "infrastructure":
              metrics.infrastructure.inc(l);
              deps.log.warn({ ...fields, err: error }, "infrastructure failure");
              return { kind: "infrastructure", error };
            default:
              return assertNever(errorClass, "error class");
          }
        } catch (policyError) {
          // The policy's own write (park / DLQ) failed: a dependency is down.
          return { kind: "infrastructure", error: policyError };
        }
      }
    }
  }

  async function deadLetterAndUnpark(
    message: InboundMessage,
    code: string,
    reason: string,
    attempts: number,
    parked: ParkedRow | null,
  ) {
    if (!parked) return deadLetter(message, code, reason, attempts);
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`DELETE FROM platform.parked_messages WHERE id = ${parked.id}`;
      await deadLetter(message, code, reason, attempts, tx);
    });
  }

  return {
    /** A message fresh from the transport. */
    process: (message: InboundMessage, heartbeat: () => Promise<void> = async () => {}) =>
      handle(message, heartbeat, null),
    /** A parked message whose retry is due (or that reached the head of its key's queue). */
    retryParked: (row: ParkedRow, heartbeat: () => Promise<void> = async () => {}) =>
      handle(
        {
          topic: row.topic,
          partition: row.partition,
          offset: row.offset,
          key: row.key,
          value: row.value,
          headers: row.headers,
        },
        heartbeat,
        row,
      ),
  };
}

export type MessageProcessor = ReturnType<typeof createMessageProcessor>;
