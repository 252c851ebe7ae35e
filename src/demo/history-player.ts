import { createHash } from "node:crypto";
import { expireDueBooking } from "../domain/crm/booking/expire-overdue-bookings.js";
import { type CrmMetrics, createCrmMetrics } from "../domain/crm/crm.metrics.js";
import { type CrmCommands, createCrmCommands } from "../domain/crm/crm-commands.js";
import { DEMO_USERS } from "../platform/auth/demo-users.js";
import type { Viewer } from "../platform/auth/viewer.js";
import { ManualClock } from "../platform/clock/clock.js";
import type { Db } from "../platform/db/prisma-client.js";
import { assertNever, DomainError } from "../platform/errors/domain-error.js";
import type { Logger } from "../platform/log/logger.js";
import { createMetricsRegistry } from "../platform/metrics/registry.js";
import type { DemoApartment } from "./history-apartments.js";
import type { HistoryEntry, HistoryStep } from "./history-plan.js";

/** A stable uuid (v5 layout) from a name: the history's deals, agents and files. */
export function historyId(name: string): string {
  const hex = createHash("sha1").update(`pin-demo-history:${name}`).digest("hex");
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** One developer's side of the history: who acts for it, and its two programmes. */
export interface DeveloperSide {
  readonly developerId: string;
  readonly manager: Viewer;
  readonly freeProgramId: string;
  readonly paidProgramId: string;
}

/** A booking of the month with everything its commands need. */
export interface PlacedEntry {
  readonly entry: HistoryEntry;
  readonly apartment: DemoApartment;
  readonly side: DeveloperSide;
}

/** A booking's opening steps: played for the whole wave before the rest (see `play`). */
const OPENING: ReadonlySet<HistoryStep["kind"]> = new Set(["createDeal", "engageDeveloper", "createBooking"]);

function agentViewer(index: number): Viewer {
  const userId = index === 0 ? DEMO_USERS.agent.userId : historyId(`agent-${index}`);
  return { userId, roles: ["agent"], tenantId: null };
}

/** Bookings played side by side (each its own clock): the database waits, not the CPU. */
const LANES = 4;

interface Lane {
  readonly clock: ManualClock;
  readonly crm: CrmCommands;
}

/**
 * Plays the history's steps through crm's own commands (and, for a lapsed deadline, the expiration
 * worker's own per-booking path), each at its instant on a clock of its own: the events carry the
 * history's times, so every consumer files them where they belong (the funnel by day, the chats in
 * order). Bookings are independent of each other (one apartment each per wave, a lapse expires only
 * its own booking), so a few are played at once, each one's steps in order. A step crm refuses ends
 * its booking's story there: logged, counted, the rest goes on.
 */
export class HistoryPlayer {
  private readonly metrics: CrmMetrics;
  private readonly lanes: readonly Lane[];
  private readonly bookingOf = new Map<string, string>();
  private readonly failed = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {
    // The history's commands are not today's traffic: their counters stay out of /metrics.
    this.metrics = createCrmMetrics(createMetricsRegistry());
    this.lanes = Array.from({ length: LANES }, () => {
      const clock = new ManualClock();
      return { clock, crm: createCrmCommands({ db, log, clock, metrics: this.metrics }) };
    });
  }

  get failures(): number {
    return this.failed.size;
  }

  /**
   * First every booking's opening (deal, developer, booking), then — once the consumers caught up
   * (`settle`), so that every consumer knows the deal before its booking's later events — the rest.
   * Real bookings are minutes apart; played back to back, a confirmation could otherwise overtake
   * its booking-created on another topic (a consumer would park it until the deal is known).
   */
  async play(placed: readonly PlacedEntry[], settle: () => Promise<void>): Promise<void> {
    await this.playSteps(placed, (step) => OPENING.has(step.kind));
    await settle();
    await this.playSteps(placed, (step) => !OPENING.has(step.kind));
  }

  private async playSteps(placed: readonly PlacedEntry[], which: (step: HistoryStep) => boolean) {
    const ordered = [...placed].sort((x, y) => x.entry.heldFrom.getTime() - y.entry.heldFrom.getTime());
    await Promise.all(
      this.lanes.map(async (lane, l) => {
        for (let i = l; i < ordered.length; i += this.lanes.length) {
          const p = ordered[i]!;
          for (const step of p.entry.steps.filter(which)) {
            if (!(await this.step(lane, p, step))) break;
          }
        }
      }),
    );
  }

  /** One step at its instant; false when crm refused it (the booking's story ends there). */
  private async step(lane: Lane, p: PlacedEntry, step: HistoryStep): Promise<boolean> {
    if (this.failed.has(p.entry.key)) return false;
    lane.clock.set(step.at);
    try {
      await this.run(lane, p, step);
      return true;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      this.failed.add(p.entry.key);
      this.log.warn(
        { booking: p.entry.key, step: step.kind, at: step.at.toISOString(), code: error.code },
        `demo history: ${error.message}; this booking's story ends here`,
      );
      return false;
    }
  }

  private async run(lane: Lane, { entry, apartment, side }: PlacedEntry, step: HistoryStep): Promise<void> {
    const crm = lane.crm;
    const agent = agentViewer(entry.agent);
    const dealId = historyId(`deal/${entry.key}`);
    const bookingId = () => this.bookingOf.get(entry.key) ?? "";
    const actor = step.by === "developer" ? side.manager : agent;
    switch (step.kind) {
      case "createDeal":
        await crm.createDeal(agent, {
          dealId,
          title: `${entry.buyer} — apartment ${apartment.number}`,
          // The buyer is the deal's investor (the demo agent's buyers: the demo investor).
          investorUserId:
            entry.agent === 0 ? DEMO_USERS.investor.userId : historyId(`investor/${entry.buyer}`),
        });
        return;
      case "engageDeveloper":
        await crm.engageDeveloper(agent, dealId, side.developerId);
        return;
      case "createBooking": {
        const programId = entry.paid ? side.paidProgramId : side.freeProgramId;
        const applied = await crm.createBooking(agent, {
          dealId,
          propertyObjectId: apartment.id,
          programId,
        });
        this.bookingOf.set(entry.key, applied.booking.id);
        return;
      }
      case "uploadContract":
        await crm.uploadBookingContract(actor, bookingId(), historyId(`contract/${entry.key}`));
        return;
      case "uploadReceipt":
        await crm.uploadPaymentReceipt(actor, bookingId(), historyId(`receipt/${entry.key}`));
        return;
      case "confirmBooking":
        await crm.confirmBooking(actor, bookingId());
        return;
      case "confirmPayment":
        await crm.confirmBookingPayment(actor, bookingId());
        return;
      case "extendBooking":
        await crm.extendBooking(actor, bookingId());
        return;
      case "startSale":
        await crm.startSale(actor, bookingId());
        return;
      case "cancelBooking":
        await crm.cancelBooking(actor, bookingId(), step.reason ?? "Cancelled");
        return;
      case "expire":
        await expireDueBooking(
          { db: this.db, log: this.log, clock: lane.clock, metrics: this.metrics },
          bookingId(),
        );
        return;
      default:
        assertNever(step.kind, "history step");
    }
  }
}
