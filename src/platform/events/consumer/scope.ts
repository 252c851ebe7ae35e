import type pg from "pg";
import type { Clock } from "../../clock/clock.js";
import type { Db, Tx } from "../../db/prisma-client.js";
import { prismaRunner, type SqlRunner } from "../../db/sql-runner.js";
import type { StatementNames } from "../../db/statement-names.js";
import type { DedupKey } from "./dedup-key.js";
import { markProcessed } from "./sql/mark-processed.js";
import { type MarkCandidate, type MarkUnlessParked, markUnlessParked } from "./sql/mark-unless-parked.js";
import { unmarkProcessed } from "./sql/unmark-processed.js";

/**
 * One batch's unit of work. The runtime: begin → mark (set-based dedup) → handlers, each under
 * isolate → unmark the failed ones → commit → (policy writes, offset commit). Rollback on an
 * infrastructure failure: nothing of the batch is kept and its messages are read again.
 */
export interface ScopeSession<W> {
  /** The writer outside any isolation (a failure then spoils the whole session) */
  readonly writer: W;
  /**
   * Marks the dedup keys processed; returns the keys that were not marked before. Absent where the
   * scope keeps no marks (a sink: every message of a batch is fresh, the sink is idempotent).
   */
  mark?(keys: readonly DedupKey[]): Promise<ReadonlySet<DedupKey>>;
  /**
   * Optional, when the dedup marks live next to the parked messages (the PostgreSQL scope): the
   * parked-key check and the mark of every message of an unparked key in one statement.
   */
  markUnlessParked?(items: readonly MarkCandidate[]): Promise<MarkUnlessParked>;
  /**
   * Optional, on a scope without marks that reads the group's parked keys in its own transaction
   * (the raw pg scope: as the statement that opens it, decision 0631) instead of before it begins.
   */
  parkedKeys?(pairs: ReadonlyArray<{ topic: string; key: string }>): Promise<ParkedInSession>;
  /** Takes back marks of messages that failed (the policy parks / dead-letters / skips them) */
  unmark(keys: readonly DedupKey[]): Promise<void>;
  /** Runs fn so that if it throws only its own writes are undone (savepoint / discarded rows) */
  isolate<T>(fn: (writer: W) => Promise<T>): Promise<T>;
  /** Durable when it returns (transaction committed / sink flush confirmed) */
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/** The parked keys among a batch's pairs, and whether the group had any parked message at all. */
export interface ParkedInSession {
  readonly held: ReadonlySet<string>;
  readonly groupHadParked: boolean;
}

export interface ProcessingScope<W> {
  readonly kind: "postgres" | "sink";
  /** true: its sessions read the parked keys themselves (ScopeSession.parkedKeys) */
  readonly parkedInSession?: boolean;
  /** false: a PostgreSQL scope that writes no dedup marks (its gate reads parked keys before it begins) */
  readonly marked?: boolean;
  begin(): Promise<ScopeSession<W>>;
}

export interface ScopeDeps {
  db: Db;
  /** The `pg` pool under `db` (pgPoolOf), where there is one */
  pool?: pg.Pool;
  /** The pool's statement names (pgAccessOf), for the raw pg scope's prepared statements */
  names?: StatementNames | null;
  group: string;
  clock: Clock;
}

/** A consumer names its scope with a factory; the runtime supplies the database and the group. */
export type ScopeFactory<W> = (deps: ScopeDeps) => ProcessingScope<W>;

const BATCH_TX_TIMEOUT_MS = 5 * 60_000;

class Rollback extends Error {
  constructor() {
    super("batch rolled back");
    this.name = "Rollback";
  }
}

/**
 * The PostgreSQL scope: one transaction per batch. The dedup marks and the handlers' writes
 * commit together, so a message is applied exactly once whatever happens to the offset commit.
 * `{ marks: false }`: no mark (decisions 0540, 0589), for handlers idempotent by construction.
 */
export function postgresScope(options: PgScopeOptions = {}): ScopeFactory<Tx> {
  const marks = options.marks ?? true;
  return ({ db, group, clock }) => ({
    kind: "postgres",
    marked: marks,
    async begin() {
      let release!: (commit: boolean) => void;
      const decided = new Promise<boolean>((resolve) => {
        release = resolve;
      });
      let opened!: (tx: Tx) => void;
      const ready = new Promise<Tx>((resolve) => {
        opened = resolve;
      });
      const done = db.$transaction(
        async (tx) => {
          opened(tx);
          if (!(await decided)) throw new Rollback();
        },
        { timeout: BATCH_TX_TIMEOUT_MS, maxWait: BATCH_TX_TIMEOUT_MS },
      );
      const tx = await Promise.race([
        ready,
        done.then(() => Promise.reject(new Error("transaction ended early"))),
      ]);
      let savepoints = 0;
      const runner = prismaRunner(tx);
      return {
        writer: tx,
        ...(marks ? dedupMarks(runner, group, clock) : { unmark: async () => {} }),
        async isolate(fn) {
          const name = `handler_${++savepoints}`;
          await tx.$executeRawUnsafe(`SAVEPOINT ${name}`);
          try {
            const result = await fn(tx);
            await tx.$executeRawUnsafe(`RELEASE SAVEPOINT ${name}`);
            return result;
          } catch (error) {
            await tx.$executeRawUnsafe(`ROLLBACK TO SAVEPOINT ${name}`);
            throw error;
          }
        },
        async commit() {
          release(true);
          await done;
        },
        async rollback() {
          release(false);
          await done.catch(() => {});
        },
      };
    },
  });
}

/** The dedup statements of a PostgreSQL scope, on the batch transaction's runner. */
export function dedupMarks(runner: SqlRunner, group: string, clock: Clock) {
  return {
    mark: (keys: readonly DedupKey[]) => markProcessed(runner, group, keys, clock.now()),
    markUnlessParked: (items: readonly MarkCandidate[]) =>
      markUnlessParked(runner, group, items, clock.now()),
    unmark: (keys: readonly DedupKey[]) => unmarkProcessed(runner, keys),
  };
}

export interface PgScopeOptions {
  /**
   * false: no dedup mark per message (decision 0540). The batch is still one transaction whose
   * offsets move only after it commits, so a message is applied again only when it is delivered
   * again — a crash or a rebalance between the commit and the offset commit replays the rest of a
   * batch, a producer may send a message twice. Only for handlers idempotent by construction:
   * applying a message a second time, after any of the messages that followed it, changes nothing
   * (a version- or sequence-guarded upsert, a set insert). Saves the mark, ≈ 40 % of a set-based
   * batch's cost on this host. Default true: every message is marked and runs once.
   */
  readonly marks?: boolean;
  /**
   * How the batch's prepared statements are planned (decision 0639). "generic" (the default): the
   * transaction opens with `SET LOCAL plan_cache_mode = force_generic_plan`, riding on BEGIN, so a
   * handler's statement is planned once per pooled connection, not on every batch — for set-based
   * handlers keyed by ids, whose plan (index lookups by key) does not depend on the values; on
   * this host planning one catalog status/price write cost ≈ 2 ms, executing it ≈ 0.3. "custom":
   * every statement planned for its own parameters.
   */
  readonly plans?: "generic" | "custom";
}

/** What a sink consumer writes rows through during a batch. */
export interface SinkWriter<R> {
  write(rows: readonly R[]): void;
}

/** One batch's connection to the sink: rows written, then one confirmed flush. */
export interface BatchSink<R> extends SinkWriter<R> {
  flush(): Promise<void>;
}

/**
 * A sink scope (e.g. a ClickHouse table): rows are buffered per message and handed to a fresh
 * `open()` sink at commit, whose confirmed flush is the commit. There is no dedup mark: the sink
 * must be idempotent by the rows' business key (a redelivered batch writes the same keys again).
 * Parking, retries and dead letters stay in PostgreSQL (decision 0030).
 */
export function sinkScope<R>(open: () => BatchSink<R>): ScopeFactory<SinkWriter<R>> {
  return () => ({
    kind: "sink",
    async begin() {
      const rows: R[] = [];
      // Appended one by one: a batch hands over thousands of rows, too many to spread as arguments.
      const append = (to: R[], more: readonly R[]) => {
        for (const row of more) to.push(row);
      };
      return {
        writer: { write: (more: readonly R[]) => append(rows, more) },
        unmark: async () => {},
        async isolate(fn) {
          const mine: R[] = [];
          const result = await fn({ write: (more) => append(mine, more) });
          append(rows, mine);
          return result;
        },
        async commit() {
          if (rows.length === 0) return;
          const sink = open();
          sink.write(rows);
          await sink.flush();
        },
        async rollback() {
          rows.length = 0;
        },
      };
    },
  });
}
