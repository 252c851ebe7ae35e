import { randomUUID } from "node:crypto";
import type { Viewer } from "../../../platform/auth/viewer.js";
import type { Tx } from "../../../platform/db/prisma-client.js";
import { prismaStatements } from "../../../platform/db/sql-statements.js";
import { type CrmAction, dealPartiesForCreator, requireCrmAccess } from "../access/crm-access.rules.js";
import { applyBookingDecision } from "../booking/apply-booking-decision.js";
import { type BookingDecision, decideBooking } from "../booking/booking.decide.js";
import type { CausationMeta } from "../booking/booking.outbox.js";
import { findActiveBookingOfDeal } from "../booking/booking.repository.js";
import type { Booking } from "../booking/booking.types.js";
import { logTransition } from "../command/booking-transition-signals.js";
import type { CommandSteps, CrmCommandRunner } from "../command/crm-command-runner.js";
import { crmErrors } from "../crm.errors.js";
import { findDeveloperReplica } from "../developer-replica/developer-replica.repository.js";
import type { DeveloperReplica } from "../developer-replica/developer-replica.types.js";
import { insertTimeline } from "../timeline/timeline.repository.js";
import { type DealDecision, decideDeal } from "./deal.decide.js";
import { findDeal, insertDeal, updateDealVersioned } from "./deal.repository.js";
import type { Deal } from "./deal.types.js";

export interface CreateDealInput {
  /** The new deal's id; a fresh one when absent (GraphQL). The demo history names its own (stable) ids. */
  readonly dealId?: string;
  readonly title: string;
  readonly agentUserId?: string | null;
  readonly investorUserId?: string | null;
}

async function loadDealFor(
  runner: CrmCommandRunner,
  tx: Tx,
  viewer: Viewer,
  action: CrmAction,
  dealId: string,
): Promise<Deal> {
  const deal = await findDeal(tx, dealId);
  const notFound = () => crmErrors.dealNotFound(dealId);
  if (!deal) throw notFound();
  runner.guard(viewer, action, deal, notFound);
  return deal;
}

/** The deal's next state and timeline, written version-guarded in the command's transaction. */
async function writeDeal(tx: Tx, previous: Deal, decision: DealDecision, now: Date): Promise<Deal> {
  await updateDealVersioned(tx, previous.version, decision.next, now);
  await insertTimeline(tx, decision.timeline);
  return decision.next;
}

interface CancelDealLoaded {
  readonly deal: Deal;
  readonly active: Booking | null;
}

interface CancelDealDecision {
  readonly deal: DealDecision;
  readonly booking: BookingDecision | null;
}

export interface CancelledDeal {
  readonly deal: Deal;
  readonly cancelledBooking: Booking | null;
}

/** Cancels the deal and, in the same transaction, its active booking (booking-cancelled, Cause DealCancelled). */
function cancelDeal(
  runner: CrmCommandRunner,
  viewer: Viewer,
  dealId: string,
  reason: string,
  meta: CausationMeta,
): Promise<CancelledDeal> {
  const { clock, log, metrics } = runner.deps;
  const actorUserId = viewer.userId;
  const steps: CommandSteps<Tx, CancelDealLoaded, CancelDealDecision, CancelledDeal> = {
    async load(tx) {
      const deal = await loadDealFor(runner, tx, viewer, "cancelDeal", dealId);
      return { deal, active: await findActiveBookingOfDeal(tx, deal.id) };
    },
    decide: ({ deal, active }, now) => ({
      deal: decideDeal(deal, { type: "CancelDeal", reason, actorUserId }, now),
      booking: active
        ? decideBooking(active, { type: "CancelBooking", reason, cause: "DealCancelled", actorUserId }, now)
        : null,
    }),
    async write(tx, { deal, active }, decision, now) {
      let cancelledBooking: Booking | null = null;
      if (active && decision.booking) {
        const sql = prismaStatements(tx);
        const applied = await applyBookingDecision(
          sql,
          active,
          decision.booking,
          deal,
          actorUserId,
          meta,
          clock,
        );
        cancelledBooking = applied.booking;
        metrics.cancel.inc({ result: "ok" });
        logTransition(log, active, applied.booking, "cancelDeal", meta);
      }
      return { deal: await writeDeal(tx, deal, decision.deal, now), cancelledBooking };
    },
  };
  return runner.prismaTransaction("cancelDeal", steps);
}

/** The Deal aggregate's commands (GraphQL): load, check access, decide (deal.decide.ts), write. */
export function createDealCommands(runner: CrmCommandRunner) {
  return {
    async createDeal(viewer: Viewer, input: CreateDealInput): Promise<Deal> {
      requireCrmAccess(viewer, "createDeal", null);
      const parties = dealPartiesForCreator(viewer, {
        agentUserId: input.agentUserId ?? null,
        investorUserId: input.investorUserId ?? null,
      });
      return runner.prismaTransaction("createDeal", {
        load: async () => null,
        decide: (_nothing, now) =>
          decideDeal(
            null,
            {
              type: "CreateDeal",
              dealId: input.dealId ?? randomUUID(),
              title: input.title,
              ...parties,
              actorUserId: viewer.userId,
            },
            now,
          ),
        async write(tx, _nothing, decision) {
          await insertDeal(tx, decision.next);
          await insertTimeline(tx, decision.timeline);
          return decision.next;
        },
      });
    },

    engageDeveloper(viewer: Viewer, dealId: string, developerId: string): Promise<Deal> {
      return runner.prismaTransaction<{ deal: Deal; developer: DeveloperReplica | null }, DealDecision, Deal>(
        "engageDeveloper",
        {
          load: async (tx) => ({
            deal: await loadDealFor(runner, tx, viewer, "engageDeveloper", dealId),
            developer: await findDeveloperReplica(tx, developerId),
          }),
          decide: ({ deal, developer }, now) =>
            decideDeal(
              deal,
              { type: "EngageDeveloper", developerId, developer, actorUserId: viewer.userId },
              now,
            ),
          write: (tx, { deal }, decision, now) => writeDeal(tx, deal, decision, now),
        },
      );
    },

    /** Cancels the deal and, in the same transaction, its active booking (booking-cancelled, Cause DealCancelled). */
    cancelDeal: (viewer: Viewer, dealId: string, reason: string, meta: CausationMeta = {}) =>
      cancelDeal(runner, viewer, dealId, reason, meta),
  };
}
