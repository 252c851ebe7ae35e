import { randomUUID } from "node:crypto";
import type { Viewer } from "../../../platform/auth/viewer.js";
import type { Statements } from "../../../platform/db/sql-statements.js";
import { type CrmAction, initiatedByOf } from "../access/crm-access.rules.js";
import { counted, logTransition, observePhase } from "../command/booking-transition-signals.js";
import type { CommandSteps, CrmCommandRunner } from "../command/crm-command-runner.js";
import { CRM_ERROR, crmErrors } from "../crm.errors.js";
import type { Deal } from "../deal/deal.types.js";
import { type AppliedBooking, applyBookingDecision } from "./apply-booking-decision.js";
import { type BookingCommand, type BookingDecision, decideBooking } from "./booking.decide.js";
import type { CausationMeta } from "./booking.outbox.js";
import { findBookingWithDeal } from "./booking.repository.js";
import type { Booking } from "./booking.types.js";
import { DEFAULT_PROGRAM_TERMS, programTermsOf } from "./booking-program.repository.js";
import { type CreateBookingContext, loadCreateBookingContext } from "./create-booking-context.repository.js";

export interface CreateBookingInput {
  readonly dealId: string;
  readonly propertyObjectId: string;
  readonly programId?: string | null;
  readonly requisiteSetId?: string | null;
}

type BookingOnlyCommand = Exclude<BookingCommand, { type: "CreateBooking" } | { type: "ExpireBooking" }>;

interface Loaded {
  readonly booking: Booking;
  readonly deal: Deal;
}

/**
 * A transition of an existing booking, in one transaction — three round trips on `pg`: BEGIN with
 * the read (the booking joined to its deal), the decision's one statement, COMMIT. It rolls back
 * when a version moved, and the runner re-reads.
 */
function transition(
  runner: CrmCommandRunner,
  viewer: Viewer,
  action: CrmAction,
  bookingId: string,
  command: BookingOnlyCommand,
  meta: CausationMeta,
): Promise<AppliedBooking> {
  const { clock, log, metrics } = runner.deps;
  const steps: CommandSteps<Statements, Loaded, BookingDecision, AppliedBooking> = {
    async load(sql) {
      const found = await findBookingWithDeal(sql, bookingId);
      const notFound = () => crmErrors.bookingNotFound(bookingId);
      if (!found) throw notFound();
      runner.guard(viewer, action, found.deal, notFound);
      return found;
    },
    decide: ({ booking }, now) => decideBooking(booking, command, now),
    async write(sql, { booking, deal }, decision, now) {
      const applied = await applyBookingDecision(sql, booking, decision, deal, viewer.userId, meta, clock);
      logTransition(log, booking, applied.booking, action, meta);
      observePhase(metrics, booking, applied.booking, now);
      return applied;
    },
  };
  return runner.transaction(action, steps);
}

/**
 * A new booking: two round trips and no interactive transaction — one read, then the decision
 * applier's one statement (booking, deal, timeline, outbox rows), which writes nothing if the deal
 * moved.
 */
function createBooking(
  runner: CrmCommandRunner,
  viewer: Viewer,
  input: CreateBookingInput,
  meta: CausationMeta,
): Promise<AppliedBooking> {
  const { clock, log } = runner.deps;
  const programId = input.programId ?? null;
  const steps: CommandSteps<Statements, CreateBookingContext, BookingDecision, AppliedBooking> = {
    async load(sql) {
      const context = await loadCreateBookingContext(sql, input.dealId, input.propertyObjectId, programId);
      const notFound = () => crmErrors.dealNotFound(input.dealId);
      if (!context) throw notFound();
      runner.guard(viewer, "createBooking", context.deal, notFound);
      if (context.activeBookingId) {
        throw crmErrors.conflict(
          CRM_ERROR.dealHasActiveBooking,
          `Deal ${context.deal.id} already has an active booking`,
          { bookingId: context.activeBookingId },
        );
      }
      return context;
    },
    decide({ deal, program, propertyObject }, now) {
      // A Draft deal has no developer yet; decideBooking refuses it (INV-BKG-2) before terms matter.
      const terms = deal.tenantId ? programTermsOf(program, programId) : DEFAULT_PROGRAM_TERMS;
      const command: BookingCommand = {
        type: "CreateBooking",
        bookingId: randomUUID(),
        deal,
        propertyObject,
        terms,
        initiatedBy: initiatedByOf(viewer, deal),
        actorUserId: viewer.userId,
        requisiteSetId: input.requisiteSetId ?? null,
      };
      return decideBooking(null, command, now);
    },
    async write(sql, { deal }, decision) {
      const applied = await applyBookingDecision(sql, null, decision, deal, viewer.userId, meta, clock);
      logTransition(log, null, applied.booking, "createBooking", meta);
      return applied;
    },
  };
  return runner.statements("createBooking", steps);
}

/** The Booking aggregate's commands (GraphQL): load, check access, decide (booking.decide.ts), write with the outbox. */
export function createBookingCommands(runner: CrmCommandRunner) {
  const { metrics } = runner.deps;
  const confirmed = (result: string) => metrics.confirm.inc({ result });
  const cancelled = (result: string) => metrics.cancel.inc({ result });
  const act = (viewer: Viewer) => ({ actorUserId: viewer.userId });
  return {
    async createBooking(viewer: Viewer, input: CreateBookingInput, meta: CausationMeta = {}) {
      const applied = await createBooking(runner, viewer, input, meta);
      metrics.bookingsCreated.inc({ initiated_by: applied.booking.initiatedBy });
      return applied;
    },
    uploadBookingContract(
      viewer: Viewer,
      bookingId: string,
      contractFileId: string,
      meta: CausationMeta = {},
    ) {
      const command = { type: "UploadContract", contractFileId, ...act(viewer) } as const;
      return transition(runner, viewer, "uploadBookingContract", bookingId, command, meta);
    },
    uploadPaymentReceipt(viewer: Viewer, bookingId: string, receiptFileId: string, meta: CausationMeta = {}) {
      const command = { type: "UploadReceipt", receiptFileId, ...act(viewer) } as const;
      return transition(runner, viewer, "uploadPaymentReceipt", bookingId, command, meta);
    },
    confirmBooking(viewer: Viewer, bookingId: string, meta: CausationMeta = {}) {
      const command = { type: "ConfirmBooking", ...act(viewer) } as const;
      return counted(confirmed, () => transition(runner, viewer, "confirmBooking", bookingId, command, meta));
    },
    confirmBookingPayment(viewer: Viewer, bookingId: string, meta: CausationMeta = {}) {
      const command = { type: "ConfirmPayment", ...act(viewer) } as const;
      return counted(confirmed, () =>
        transition(runner, viewer, "confirmBookingPayment", bookingId, command, meta),
      );
    },
    extendBooking(viewer: Viewer, bookingId: string, meta: CausationMeta = {}) {
      const command = { type: "ExtendBooking", ...act(viewer) } as const;
      return transition(runner, viewer, "extendBooking", bookingId, command, meta);
    },
    cancelBooking(viewer: Viewer, bookingId: string, reason: string, meta: CausationMeta = {}) {
      const command = { type: "CancelBooking", reason, cause: "BookingCancelled", ...act(viewer) } as const;
      return counted(cancelled, () => transition(runner, viewer, "cancelBooking", bookingId, command, meta));
    },
    startSale(viewer: Viewer, bookingId: string, meta: CausationMeta = {}) {
      const command = { type: "StartSale", ...act(viewer) } as const;
      return transition(runner, viewer, "startSale", bookingId, command, meta);
    },
  };
}
