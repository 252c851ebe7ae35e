import { randomUUID } from "node:crypto";
import type { Viewer } from "../../platform/auth/viewer.js";
import { pgAccessOf, type Tx } from "../../platform/db/prisma-client.js";
import {
  inPgTransaction,
  pgStatements,
  prismaStatements,
  type Statements,
} from "../../platform/db/sql-statements.js";
import { DomainError } from "../../platform/errors/domain-error.js";
import { signalOutboxAfterCommit } from "../../platform/events/outbox/after-commit-signal.js";
import type { Infra } from "../../platform/infra.js";
import {
  type CrmAction,
  canPerform,
  dealPartiesForCreator,
  initiatedByOf,
  requireCrmAccess,
} from "./access/crm-access.rules.js";
import { type AppliedBooking, applyBookingDecision } from "./booking/apply-booking-decision.js";
import { type BookingCommand, decideBooking } from "./booking/booking.decide.js";
import type { CausationMeta } from "./booking/booking.outbox.js";
import { findActiveBookingOfDeal, findBookingWithDeal } from "./booking/booking.repository.js";
import type { Booking } from "./booking/booking.types.js";
import { DEFAULT_PROGRAM_TERMS, programTermsOf } from "./booking/booking-program.repository.js";
import { loadCreateBookingContext } from "./booking/create-booking-context.repository.js";
import { CRM_ERROR, crmErrors } from "./crm.errors.js";
import type { CrmMetrics } from "./crm.metrics.js";
import { decideDeal } from "./deal/deal.decide.js";
import { findDeal, insertDeal, updateDealVersioned } from "./deal/deal.repository.js";
import type { Deal } from "./deal/deal.types.js";
import { findDeveloperReplica } from "./developer-replica/developer-replica.repository.js";
import { insertTimeline } from "./timeline/timeline.repository.js";

/** The loser of an optimistic race re-reads and decides again; after this many tries it gives up. */
const MAX_ATTEMPTS = 3;
const SECONDS_PER_MS = 1 / 1000;

export type CrmCommandDeps = Infra<CrmMetrics>;

export interface CreateDealInput {
  readonly title: string;
  readonly agentUserId?: string | null;
  readonly investorUserId?: string | null;
}

export interface CreateBookingInput {
  readonly dealId: string;
  readonly propertyObjectId: string;
  readonly programId?: string | null;
  readonly requisiteSetId?: string | null;
}

type BookingOnlyCommand = Exclude<BookingCommand, { type: "CreateBooking" } | { type: "ExpireBooking" }>;

/**
 * The crm command handlers: load, check access, decide (pure), apply in one transaction with the
 * outbox. Used by GraphQL; the expiration worker uses the same decide/apply functions.
 * A viewer that may not even read the deal gets NOT_FOUND (no existence leak); one that may read
 * but not act gets CRM_FORBIDDEN.
 */
export function createCrmCommands(deps: CrmCommandDeps) {
  const { db, clock, log, metrics } = deps;
  // Decision 0500: the booking commands' statements go to the driver adapter's `pg` pool (no
  // Prisma per-statement path); a client made otherwise (a test's own PrismaClient) runs the same
  // statements through Prisma.
  const pg = pgAccessOf(db);

  async function withRetry<T>(what: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    return retrying(what, () => db.$transaction(work));
  }

  /**
   * One command's statements, each committed on its own (a new booking: read, then one write). On
   * `pg` the outbox rows' commit signal is sent once they are committed (decision 0500).
   */
  async function statements<T>(work: (statements: Statements) => Promise<T>): Promise<T> {
    if (!pg) return work(prismaStatements(db));
    const result = await pg.around(() => work(pgStatements(pg.pool)));
    signalOutboxAfterCommit(pg.pool);
    return result;
  }

  /** One command's statements in one transaction (a booking transition: its read and its write). */
  async function transaction<T>(work: (statements: Statements) => Promise<T>): Promise<T> {
    if (!pg) return db.$transaction((tx) => work(prismaStatements(tx)));
    const result = await pg.around(() => inPgTransaction(pg.pool, work));
    signalOutboxAfterCommit(pg.pool);
    return result;
  }

  /** Runs `run` again (it re-reads) when it lost an optimistic race, up to MAX_ATTEMPTS times. */
  async function retrying<T>(what: string, run: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        const retriable = error instanceof DomainError && error.code === CRM_ERROR.concurrentModification;
        if (!retriable || attempt >= MAX_ATTEMPTS) throw error;
        log.debug({ what, attempt }, "optimistic conflict, re-reading");
      }
    }
  }

  function guard(viewer: Viewer, action: CrmAction, deal: Deal, notFound: () => DomainError): void {
    if (!canPerform(viewer, "read", deal) && !canPerform(viewer, action, deal)) throw notFound();
    requireCrmAccess(viewer, action, deal);
  }

  async function loadDealFor(tx: Tx, viewer: Viewer, action: CrmAction, dealId: string): Promise<Deal> {
    const deal = await findDeal(tx, dealId);
    const notFound = () => crmErrors.dealNotFound(dealId);
    if (!deal) throw notFound();
    guard(viewer, action, deal, notFound);
    return deal;
  }

  async function runOnBooking(
    viewer: Viewer,
    action: CrmAction,
    bookingId: string,
    command: BookingOnlyCommand,
    meta: CausationMeta,
  ): Promise<AppliedBooking> {
    // Three round trips on `pg`: BEGIN with the read (the booking joined to its deal), the
    // decision's one statement, COMMIT. The transaction rolls back when a version moved.
    return retrying(action, () =>
      transaction(async (tx) => {
        const found = await findBookingWithDeal(tx, bookingId);
        const notFound = () => crmErrors.bookingNotFound(bookingId);
        if (!found) throw notFound();
        const { booking, deal } = found;
        guard(viewer, action, deal, notFound);
        const now = clock.now();
        const decision = decideBooking(booking, command, now);
        const applied = await applyBookingDecision(tx, booking, decision, deal, viewer.userId, meta, clock);
        logTransition(booking, applied.booking, action, meta);
        observePhase(booking, applied.booking, now);
        return applied;
      }),
    );
  }

  function logTransition(before: Booking | null, after: Booking, action: string, meta: CausationMeta) {
    log.info(
      {
        bookingId: after.id,
        sagaId: after.id,
        dealId: after.dealId,
        causationId: meta.causationId ?? null,
        action,
        from: before?.status ?? null,
        to: after.status,
        version: after.version,
      },
      "booking transition",
    );
  }

  function observePhase(before: Booking, after: Booking, now: Date): void {
    if (before.status === after.status) return;
    if (before.status === "Reserved" || before.status === "AwaitingPayment") {
      const seconds = (now.getTime() - before.createdAt.getTime()) * SECONDS_PER_MS;
      metrics.phaseDuration.observe({ phase: "reserve", outcome: after.status }, seconds);
    } else if (before.status === "Booked" && before.confirmedAt) {
      const seconds = (now.getTime() - before.confirmedAt.getTime()) * SECONDS_PER_MS;
      metrics.phaseDuration.observe({ phase: "booking", outcome: after.status }, seconds);
    }
  }

  /** Counts the outcome (ok or the error code) of a command family, then rethrows. */
  async function counted<T>(count: (result: string) => void, work: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      count("ok");
      return result;
    } catch (error) {
      count(error instanceof DomainError ? error.code : "error");
      throw error;
    }
  }

  return {
    async createDeal(viewer: Viewer, input: CreateDealInput): Promise<Deal> {
      requireCrmAccess(viewer, "createDeal", null);
      const parties = dealPartiesForCreator(viewer, {
        agentUserId: input.agentUserId ?? null,
        investorUserId: input.investorUserId ?? null,
      });
      const decision = decideDeal(
        null,
        {
          type: "CreateDeal",
          dealId: randomUUID(),
          title: input.title,
          ...parties,
          actorUserId: viewer.userId,
        },
        clock.now(),
      );
      await db.$transaction(async (tx) => {
        await insertDeal(tx, decision.next);
        await insertTimeline(tx, decision.timeline);
      });
      return decision.next;
    },

    async engageDeveloper(viewer: Viewer, dealId: string, developerId: string): Promise<Deal> {
      return withRetry("engageDeveloper", async (tx) => {
        const deal = await loadDealFor(tx, viewer, "engageDeveloper", dealId);
        const developer = await findDeveloperReplica(tx, developerId);
        const decision = decideDeal(
          deal,
          { type: "EngageDeveloper", developerId, developer, actorUserId: viewer.userId },
          clock.now(),
        );
        await updateDealVersioned(tx, deal.version, decision.next, clock.now());
        await insertTimeline(tx, decision.timeline);
        return decision.next;
      });
    },

    async createBooking(
      viewer: Viewer,
      input: CreateBookingInput,
      meta: CausationMeta = {},
    ): Promise<AppliedBooking> {
      // Two round trips and no interactive transaction: one read, then the decision applier's one
      // statement (booking, deal, timeline, outbox rows), which writes nothing if the deal moved.
      return retrying("createBooking", () =>
        statements(async (sql) => {
          const context = await loadCreateBookingContext(
            sql,
            input.dealId,
            input.propertyObjectId,
            input.programId ?? null,
          );
          const notFound = () => crmErrors.dealNotFound(input.dealId);
          if (!context) throw notFound();
          const { deal } = context;
          guard(viewer, "createBooking", deal, notFound);
          if (context.activeBookingId) {
            throw crmErrors.conflict(
              CRM_ERROR.dealHasActiveBooking,
              `Deal ${deal.id} already has an active booking`,
              { bookingId: context.activeBookingId },
            );
          }
          // A Draft deal has no developer yet; decideBooking refuses it (INV-BKG-2) before terms matter.
          const terms = deal.tenantId
            ? programTermsOf(context.program, input.programId ?? null)
            : DEFAULT_PROGRAM_TERMS;
          const decision = decideBooking(
            null,
            {
              type: "CreateBooking",
              bookingId: randomUUID(),
              deal,
              propertyObject: context.propertyObject,
              terms,
              initiatedBy: initiatedByOf(viewer, deal),
              actorUserId: viewer.userId,
              requisiteSetId: input.requisiteSetId ?? null,
            },
            clock.now(),
          );
          const applied = await applyBookingDecision(sql, null, decision, deal, viewer.userId, meta, clock);
          logTransition(null, applied.booking, "createBooking", meta);
          return applied;
        }),
      ).then((applied) => {
        metrics.bookingsCreated.inc({ initiated_by: applied.booking.initiatedBy });
        return applied;
      });
    },

    uploadBookingContract(
      viewer: Viewer,
      bookingId: string,
      contractFileId: string,
      meta: CausationMeta = {},
    ) {
      return runOnBooking(
        viewer,
        "uploadBookingContract",
        bookingId,
        { type: "UploadContract", contractFileId, actorUserId: viewer.userId },
        meta,
      );
    },

    uploadPaymentReceipt(viewer: Viewer, bookingId: string, receiptFileId: string, meta: CausationMeta = {}) {
      return runOnBooking(
        viewer,
        "uploadPaymentReceipt",
        bookingId,
        { type: "UploadReceipt", receiptFileId, actorUserId: viewer.userId },
        meta,
      );
    },

    confirmBooking(viewer: Viewer, bookingId: string, meta: CausationMeta = {}) {
      return counted(
        (result) => metrics.confirm.inc({ result }),
        () =>
          runOnBooking(
            viewer,
            "confirmBooking",
            bookingId,
            { type: "ConfirmBooking", actorUserId: viewer.userId },
            meta,
          ),
      );
    },

    confirmBookingPayment(viewer: Viewer, bookingId: string, meta: CausationMeta = {}) {
      return counted(
        (result) => metrics.confirm.inc({ result }),
        () =>
          runOnBooking(
            viewer,
            "confirmBookingPayment",
            bookingId,
            { type: "ConfirmPayment", actorUserId: viewer.userId },
            meta,
          ),
      );
    },

    extendBooking(viewer: Viewer, bookingId: string, meta: CausationMeta = {}) {
      return runOnBooking(
        viewer,
        "extendBooking",
        bookingId,
        { type: "ExtendBooking", actorUserId: viewer.userId },
        meta,
      );
    },

    cancelBooking(viewer: Viewer, bookingId: string, reason: string, meta: CausationMeta = {}) {
      return counted(
        (result) => metrics.cancel.inc({ result }),
        () =>
          runOnBooking(
            viewer,
            "cancelBooking",
            bookingId,
            { type: "CancelBooking", reason, cause: "BookingCancelled", actorUserId: viewer.userId },
            meta,
          ),
      );
    },

    startSale(viewer: Viewer, bookingId: string, meta: CausationMeta = {}) {
      return runOnBooking(
        viewer,
        "startSale",
        bookingId,
        { type: "StartSale", actorUserId: viewer.userId },
        meta,
      );
    },

    /** Cancels the deal and, in the same transaction, its active booking (booking-cancelled, Cause DealCancelled). */
    async cancelDeal(viewer: Viewer, dealId: string, reason: string, meta: CausationMeta = {}) {
      return withRetry("cancelDeal", async (tx) => {
        const deal = await loadDealFor(tx, viewer, "cancelDeal", dealId);
        const now = clock.now();
        const dealDecision = decideDeal(
          deal,
          { type: "CancelDeal", reason, actorUserId: viewer.userId },
          now,
        );
        const active = await findActiveBookingOfDeal(tx, deal.id);
        let cancelledBooking: Booking | null = null;
        if (active) {
          const decision = decideBooking(
            active,
            { type: "CancelBooking", reason, cause: "DealCancelled", actorUserId: viewer.userId },
            now,
          );
          const applied = await applyBookingDecision(
            prismaStatements(tx),
            active,
            decision,
            deal,
            viewer.userId,
            meta,
            clock,
          );
          cancelledBooking = applied.booking;
          metrics.cancel.inc({ result: "ok" });
          logTransition(active, applied.booking, "cancelDeal", meta);
        }
        await updateDealVersioned(tx, deal.version, dealDecision.next, now);
        await insertTimeline(tx, dealDecision.timeline);
        return { deal: dealDecision.next, cancelledBooking };
      });
    },
  };
}

export type CrmCommands = ReturnType<typeof createCrmCommands>;
