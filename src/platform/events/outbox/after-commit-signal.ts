import type pg from "pg";
import { COMMIT_CHANNEL, OUTBOX_COMMIT_PAYLOAD } from "../commit-signals.js";

interface Sender {
  inFlight: boolean;
  again: boolean;
}
const senders = new WeakMap<pg.Pool, Sender>();

/**
 * The outbox's commit signal sent after commit (decision 0500) by a writer whose statement set
 * `pin.commit_signal` to 'after-commit' (outboxInsert's `signal` option): `NOTIFY pin_outbox` on a
 * connection of the pool, outside the writer's transaction, so no writing commit holds
 * PostgreSQL's notify lock. Coalesced per pool: while one NOTIFY is on its way, later calls send
 * one more after it, not one each. Not awaited and never failing the writer: a NOTIFY that does
 * not arrive (pool ending, database away) leaves the relay to its polling interval, as a lost
 * LISTEN connection does.
 */
export function signalOutboxAfterCommit(pool: pg.Pool): void {
  let sender = senders.get(pool);
  if (!sender) {
    sender = { inFlight: false, again: false };
    senders.set(pool, sender);
  }
  if (sender.inFlight) {
    sender.again = true;
    return;
  }
  send(pool, sender);
}

function send(pool: pg.Pool, sender: Sender): void {
  sender.inFlight = true;
  sender.again = false;
  pool
    .query(`NOTIFY ${COMMIT_CHANNEL.outbox}, '${OUTBOX_COMMIT_PAYLOAD}'`)
    .catch(() => {})
    .finally(() => {
      sender.inFlight = false;
      if (sender.again) send(pool, sender);
    });
}
