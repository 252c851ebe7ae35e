import { randomUUID } from "node:crypto";
import { prismaStatements } from "../../../platform/db/sql-statements.js";
import { dealPartiesForCreator, requireCrmAccess } from "../access/crm-access.rules.js";
import { applyBookingDecision } from "../booking/apply-booking-decision.js";
import { decideBooking } from "../booking/booking.decide.js";
import { findActiveBookingOfDeal } from "../booking/booking.repository.js";
import { logTransition } from "../command/booking-transition-signals.js";
import { crmErrors } from "../crm.errors.js";
import { findDeveloperReplica } from "../developer-replica/developer-replica.repository.js";
import { insertTimeline } from "../timeline/timeline.repository.js";
import { decideDeal } from "./deal.decide.js";
import { findDeal, insertDeal, updateDealVersioned } from "./deal.repository.js";
async function loadDealFor(runner, tx, viewer, action, dealId) {
  const deal = await findDeal(tx, dealId);
  const notFound = () => crmErrors.dealNotFound(dealId);
  if (!deal) throw notFound();
  runner.guard(viewer, action, deal, notFound);
  return deal;
}
async function writeDeal(tx, previous, decision, now) {
  await updateDealVersioned(tx, previous.version, decision.next, now);
  await insertTimeline(tx, decision.timeline);
  return decision.next;
}
function cancelDeal(runner, viewer, dealId, reason, meta) {
  const { clock, log, metrics } = runner.deps;
  const actorUserId = viewer.userId;
  const steps = {
    async load(tx) {
      const deal = await loadDealFor(runner, tx, viewer, "cancelDeal", dealId);
      return { deal, active: await findActiveBookingOfDeal(tx, deal.id) };
    },
    decide: ({ deal, active }, now) => ({
      deal: decideDeal(deal, { type: "CancelDeal", reason, actorUserId }, now),
      booking: active ? decideBooking(active, { type: "CancelBooking", reason, cause: "DealCancelled", actorUserId }, now) : null
    }),
    async write(tx, { deal, active }, decision, now) {
      let cancelledBooking = null;
      if (active && decision.booking) {
        const sql = prismaStatements(tx);
        const applied = await applyBookingDecision(
          sql,
          active,
          decision.booking,
          deal,
          actorUserId,
          meta,
          clock
        );
        cancelledBooking = applied.booking;
        metrics.cancel.inc({ result: "ok" });
        logTransition(log, active, applied.booking, "cancelDeal", meta);
      }
      return { deal: await writeDeal(tx, deal, decision.deal, now), cancelledBooking };
    }
  };
  return runner.prismaTransaction("cancelDeal", steps);
}
function createDealCommands(runner) {
  return {
    async createDeal(viewer, input) {
      requireCrmAccess(viewer, "createDeal", null);
      const parties = dealPartiesForCreator(viewer, {
        agentUserId: input.agentUserId ?? null,
        investorUserId: input.investorUserId ?? null
      });
      return runner.prismaTransaction("createDeal", {
        load: async () => null,
        decide: (_nothing, now) => decideDeal(
          null,
          {
            type: "CreateDeal",
            dealId: input.dealId ?? randomUUID(),
            title: input.title,
            ...parties,
            actorUserId: viewer.userId
          },
          now
        ),
        async write(tx, _nothing, decision) {
          await insertDeal(tx, decision.next);
          await insertTimeline(tx, decision.timeline);
          return decision.next;
        }
      });
    },
    engageDeveloper(viewer, dealId, developerId) {
      return runner.prismaTransaction(
        "engageDeveloper",
        {
          load: async (tx) => ({
            deal: await loadDealFor(runner, tx, viewer, "engageDeveloper", dealId),
            developer: await findDeveloperReplica(tx, developerId)
          }),
          decide: ({ deal, developer }, now) => decideDeal(
            deal,
            { type: "EngageDeveloper", developerId, developer, actorUserId: viewer.userId },
            now
          ),
          write: (tx, { deal }, decision, now) => writeDeal(tx, deal, decision, now)
        }
      );
    },
    /** Cancels the deal and, in the same transaction, its active booking (booking-cancelled, Cause DealCancelled). */
    cancelDeal: (viewer, dealId, reason, meta = {}) => cancelDeal(runner, viewer, dealId, reason, meta)
  };
}
export {
  createDealCommands
};
//# sourceMappingURL=deal.commands.js.map
