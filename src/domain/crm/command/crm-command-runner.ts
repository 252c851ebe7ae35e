import type { Viewer } from "../../../platform/auth/viewer.js";
import { type PgAccess, pgAccessOf, type Tx } from "../../../platform/db/prisma-client.js";
import {
  inPgTransaction,
  pgStatements,
  prismaStatements,
  type Statements,
} from "../../../platform/db/sql-statements.js";
import { DomainError } from "../../../platform/errors/domain-error.js";
import { signalOutboxAfterCommit } from "../../../platform/events/outbox/after-commit-signal.js";
import type { Infra } from "../../../platform/infra.js";
import { type CrmAction, canPerform, requireCrmAccess } from "../access/crm-access.rules.js";
import { CRM_ERROR } from "../crm.errors.js";
import type { CrmMetrics } from "../crm.metrics.js";
import type { Deal } from "../deal/deal.types.js";

/** The loser of an optimistic race re-reads and decides again; after this many tries it gives up. */
const MAX_ATTEMPTS = 3;

export type CrmCommandDeps = Infra<CrmMetrics>;

/** Where a command's statements run: `Statements` (pg or Prisma) or a Prisma interactive transaction. */
export type CommandScope = "statements" | "transaction" | "prisma-transaction";

/**
 * One command as load → decide → write. `load` reads (and checks access: a miss or a viewer who
 * may not see it throws), `decide` is pure, `write` applies the decision with its events. The
 * runner runs the three in one scope and runs them again when the write lost an optimistic race.
 */
export interface CommandSteps<S, L, D, R> {
  readonly load: (scope: S) => Promise<L>;
  readonly decide: (loaded: L, now: Date) => D;
  readonly write: (scope: S, loaded: L, decision: D, now: Date) => Promise<R>;
}

/**
 * The crm command runner: the scopes a command runs in, the retry of an optimistic conflict and
 * the access guard. Decision 0500: the booking commands' statements go to the driver adapter's
 * `pg` pool (no Prisma per-statement path); a client made otherwise (a test's own PrismaClient)
 * runs the same statements through Prisma. On `pg` the outbox rows' commit signal is sent once
 * they are committed.
 */
export class CrmCommandRunner {
  private readonly pg: PgAccess | undefined;

  constructor(readonly deps: CrmCommandDeps) {
    this.pg = pgAccessOf(deps.db);
  }

  /** Load → decide → write on `Statements`, each statement committed on its own (a new booking: read, then one write). */
  statements<L, D, R>(what: string, steps: CommandSteps<Statements, L, D, R>): Promise<R> {
    return this.retrying(what, () => this.inStatements((sql) => this.run(sql, steps)));
  }

  /** Load → decide → write on `Statements` in one transaction (a booking transition: its read and its write). */
  transaction<L, D, R>(what: string, steps: CommandSteps<Statements, L, D, R>): Promise<R> {
    return this.retrying(what, () => this.inTransaction((sql) => this.run(sql, steps)));
  }

  /** Load → decide → write in one Prisma interactive transaction (the deal commands). */
  prismaTransaction<L, D, R>(what: string, steps: CommandSteps<Tx, L, D, R>): Promise<R> {
    return this.retrying(what, () => this.deps.db.$transaction((tx) => this.run(tx, steps)));
  }

  /**
   * A viewer that may not even read the deal gets NOT_FOUND (no existence leak); one that may
   * read but not act gets CRM_FORBIDDEN.
   */
  guard(viewer: Viewer, action: CrmAction, deal: Deal, notFound: () => DomainError): void {
    if (!canPerform(viewer, "read", deal) && !canPerform(viewer, action, deal)) throw notFound();
    requireCrmAccess(viewer, action, deal);
  }

  private async run<S, L, D, R>(scope: S, steps: CommandSteps<S, L, D, R>): Promise<R> {
    const loaded = await steps.load(scope);
    const now = this.deps.clock.now();
    return steps.write(scope, loaded, steps.decide(loaded, now), now);
  }

  private async inStatements<T>(work: (statements: Statements) => Promise<T>): Promise<T> {
    const { pg } = this;
    if (!pg) return work(prismaStatements(this.deps.db));
    const result = await pg.around(() => work(pgStatements(pg.pool)));
    signalOutboxAfterCommit(pg.pool);
    return result;
  }

  private async inTransaction<T>(work: (statements: Statements) => Promise<T>): Promise<T> {
    const { pg } = this;
    if (!pg) return this.deps.db.$transaction((tx) => work(prismaStatements(tx)));
    const result = await pg.around(() => inPgTransaction(pg.pool, work));
    signalOutboxAfterCommit(pg.pool);
    return result;
  }

  /** Runs `run` again (it re-reads) when it lost an optimistic race, up to MAX_ATTEMPTS times. */
  private async retrying<T>(what: string, run: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        const retriable = error instanceof DomainError && error.code === CRM_ERROR.concurrentModification;
        if (!retriable || attempt >= MAX_ATTEMPTS) throw error;
        this.deps.log.debug({ what, attempt }, "optimistic conflict, re-reading");
      }
    }
  }
}
