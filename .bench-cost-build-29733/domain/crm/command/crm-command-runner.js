import { pgAccessOf } from "../../../platform/db/prisma-client.js";
import {
  inPgTransaction,
  pgStatements,
  prismaStatements
} from "../../../platform/db/sql-statements.js";
import { DomainError } from "../../../platform/errors/domain-error.js";
import { signalOutboxAfterCommit } from "../../../platform/events/outbox/after-commit-signal.js";
import { canPerform, requireCrmAccess } from "../access/crm-access.rules.js";
import { CRM_ERROR } from "../crm.errors.js";
const MAX_ATTEMPTS = 3;
class CrmCommandRunner {
  constructor(deps) {
    this.deps = deps;
    this.pg = pgAccessOf(deps.db);
  }
  deps;
  pg;
  /** Load → decide → write on `Statements`, each statement committed on its own (a new booking: read, then one write). */
  statements(what, steps) {
    return this.retrying(what, () => this.inStatements((sql) => this.run(sql, steps)));
  }
  /** Load → decide → write on `Statements` in one transaction (a booking transition: its read and its write). */
  transaction(what, steps) {
    return this.retrying(what, () => this.inTransaction((sql) => this.run(sql, steps)));
  }
  /** Load → decide → write in one Prisma interactive transaction (the deal commands). */
  prismaTransaction(what, steps) {
    return this.retrying(what, () => this.deps.db.$transaction((tx) => this.run(tx, steps)));
  }
  /**
   * A viewer that may not even read the deal gets NOT_FOUND (no existence leak); one that may
   * read but not act gets CRM_FORBIDDEN.
   */
  guard(viewer, action, deal, notFound) {
    if (!canPerform(viewer, "read", deal) && !canPerform(viewer, action, deal)) throw notFound();
    requireCrmAccess(viewer, action, deal);
  }
  async run(scope, steps) {
    const loaded = await steps.load(scope);
    const now = this.deps.clock.now();
    return steps.write(scope, loaded, steps.decide(loaded, now), now);
  }
  async inStatements(work) {
    const { pg } = this;
    if (!pg) return work(prismaStatements(this.deps.db));
    const result = await pg.around(() => work(pgStatements(pg.pool)));
    signalOutboxAfterCommit(pg.pool);
    return result;
  }
  async inTransaction(work) {
    const { pg } = this;
    if (!pg) return this.deps.db.$transaction((tx) => work(prismaStatements(tx)));
    const result = await pg.around(() => inPgTransaction(pg.pool, work));
    signalOutboxAfterCommit(pg.pool);
    return result;
  }
  /** Runs `run` again (it re-reads) when it lost an optimistic race, up to MAX_ATTEMPTS times. */
  async retrying(what, run) {
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
export {
  CrmCommandRunner
};
//# sourceMappingURL=crm-command-runner.js.map
