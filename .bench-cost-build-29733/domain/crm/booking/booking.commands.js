import { randomUUID } from "node:crypto";
import { initiatedByOf } from "../access/crm-access.rules.js";
import { counted, logTransition, observePhase } from "../command/booking-transition-signals.js";
import { CRM_ERROR, crmErrors } from "../crm.errors.js";
import { applyBookingDecision } from "./apply-booking-decision.js";
import { decideBooking } from "./booking.decide.js";
import { findBookingWithDeal } from "./booking.repository.js";
import { DEFAULT_PROGRAM_TERMS, programTermsOf } from "./booking-program.repository.js";
import { loadCreateBookingContext } from "./create-booking-context.repository.js";
function transition(runner, viewer, action, bookingId, command, meta) {
  const { clock, log, metrics } = runner.deps;
  const steps = {
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
    }
  };
  return runner.transaction(action, steps);
}
function createBooking(runner, viewer, input, meta) {
  const { clock, log } = runner.deps;
  const programId = input.programId ?? null;
  const steps = {
    async load(sql) {
      const context = await loadCreateBookingContext(sql, input.dealId, input.propertyObjectId, programId);
      const notFound = () => crmErrors.dealNotFound(input.dealId);
      if (!context) throw notFound();
      runner.guard(viewer, "createBooking", context.deal, notFound);
      if (context.activeBookingId) {
        throw crmErrors.conflict(
          CRM_ERROR.dealHasActiveBooking,
          `Deal ${context.deal.id} already has an active booking`,
          { bookingId: context.activeBookingId }
        );
      }
      return context;
    },
    decide({ deal, program, propertyObject }, now) {
      const terms = deal.tenantId ? programTermsOf(program, programId) : DEFAULT_PROGRAM_TERMS;
      const command = {
        type: "CreateBooking",
        bookingId: randomUUID(),
        deal,
        propertyObject,
        terms,
        initiatedBy: initiatedByOf(viewer, deal),
        actorUserId: viewer.userId,
        requisiteSetId: input.requisiteSetId ?? null
      };
      return decideBooking(null, command, now);
    },
    async write(sql, { deal }, decision) {
      const applied = await applyBookingDecision(sql, null, decision, deal, viewer.userId, meta, clock);
      logTransition(log, null, applied.booking, "createBooking", meta);
      return applied;
    }
  };
  return runner.statements("createBooking", steps);
}
function createBookingCommands(runner) {
  const { metrics } = runner.deps;
  const confirmed = (result) => metrics.confirm.inc({ result });
  const cancelled = (result) => metrics.cancel.inc({ result });
  const act = (viewer) => ({ actorUserId: viewer.userId });
  return {
    async createBooking(viewer, input, meta = {}) {
      const applied = await createBooking(runner, viewer, input, meta);
      metrics.bookingsCreated.inc({ initiated_by: applied.booking.initiatedBy });
      return applied;
    },
    uploadBookingContract(viewer, bookingId, contractFileId, meta = {}) {
      const command = { type: "UploadContract", contractFileId, ...act(viewer) };
      return transition(runner, viewer, "uploadBookingContract", bookingId, command, meta);
    },
    uploadPaymentReceipt(viewer, bookingId, receiptFileId, meta = {}) {
      const command = { type: "UploadReceipt", receiptFileId, ...act(viewer) };
      return transition(runner, viewer, "uploadPaymentReceipt", bookingId, command, meta);
    },
    confirmBooking(viewer, bookingId, meta = {}) {
      const command = { type: "ConfirmBooking", ...act(viewer) };
      return counted(confirmed, () => transition(runner, viewer, "confirmBooking", bookingId, command, meta));
    },
    confirmBookingPayment(viewer, bookingId, meta = {}) {
      const command = { type: "ConfirmPayment", ...act(viewer) };
      return counted(
        confirmed,
        () => transition(runner, viewer, "confirmBookingPayment", bookingId, command, meta)
      );
    },
    extendBooking(viewer, bookingId, meta = {}) {
      const command = { type: "ExtendBooking", ...act(viewer) };
      return transition(runner, viewer, "extendBooking", bookingId, command, meta);
    },
    cancelBooking(viewer, bookingId, reason, meta = {}) {
      const command = { type: "CancelBooking", reason, cause: "BookingCancelled", ...act(viewer) };
      return counted(cancelled, () => transition(runner, viewer, "cancelBooking", bookingId, command, meta));
    },
    startSale(viewer, bookingId, meta = {}) {
      const command = { type: "StartSale", ...act(viewer) };
      return transition(runner, viewer, "startSale", bookingId, command, meta);
    }
  };
}
export {
  createBookingCommands
};
//# sourceMappingURL=booking.commands.js.map
