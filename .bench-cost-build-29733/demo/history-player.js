import { createHash } from "node:crypto";
import { expireDueBooking } from "../domain/crm/booking/expire-overdue-bookings.js";
import { createCrmMetrics } from "../domain/crm/crm.metrics.js";
import { createCrmCommands } from "../domain/crm/crm-commands.js";
import { DEMO_USERS } from "../platform/auth/demo-users.js";
import { ManualClock } from "../platform/clock/clock.js";
import { assertNever, DomainError } from "../platform/errors/domain-error.js";
import { createMetricsRegistry } from "../platform/metrics/registry.js";
function historyId(name) {
  const hex = createHash("sha1").update(`pin-demo-history:${name}`).digest("hex");
  const variant = (Number.parseInt(hex.slice(16, 18), 16) & 63 | 128).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}
const OPENING = /* @__PURE__ */ new Set(["createDeal", "engageDeveloper", "createBooking"]);
function agentViewer(index) {
  const userId = index === 0 ? DEMO_USERS.agent.userId : historyId(`agent-${index}`);
  return { userId, roles: ["agent"], tenantId: null };
}
const LANES = 4;
class HistoryPlayer {
  constructor(db, log) {
    this.db = db;
    this.log = log;
    this.metrics = createCrmMetrics(createMetricsRegistry());
    this.lanes = Array.from({ length: LANES }, () => {
      const clock = new ManualClock();
      return { clock, crm: createCrmCommands({ db, log, clock, metrics: this.metrics }) };
    });
  }
  db;
  log;
  metrics;
  lanes;
  bookingOf = /* @__PURE__ */ new Map();
  failed = /* @__PURE__ */ new Set();
  get failures() {
    return this.failed.size;
  }
  /**
   * First every booking's opening (deal, developer, booking), then — once the consumers caught up
   * (`settle`), so that every consumer knows the deal before its booking's later events — the rest.
   * Real bookings are minutes apart; played back to back, a confirmation could otherwise overtake
   * its booking-created on another topic (a consumer would park it until the deal is known).
   */
  async play(placed, settle) {
    await this.playSteps(placed, (step) => OPENING.has(step.kind));
    await settle();
    await this.playSteps(placed, (step) => !OPENING.has(step.kind));
  }
  async playSteps(placed, which) {
    const ordered = [...placed].sort((x, y) => x.entry.heldFrom.getTime() - y.entry.heldFrom.getTime());
    await Promise.all(
      this.lanes.map(async (lane, l) => {
        for (let i = l; i < ordered.length; i += this.lanes.length) {
          const p = ordered[i];
          for (const step of p.entry.steps.filter(which)) {
            if (!await this.step(lane, p, step)) break;
          }
        }
      })
    );
  }
  /** One step at its instant; false when crm refused it (the booking's story ends there). */
  async step(lane, p, step) {
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
        `demo history: ${error.message}; this booking's story ends here`
      );
      return false;
    }
  }
  async run(lane, { entry, apartment, side }, step) {
    const crm = lane.crm;
    const agent = agentViewer(entry.agent);
    const dealId = historyId(`deal/${entry.key}`);
    const bookingId = () => this.bookingOf.get(entry.key) ?? "";
    const actor = step.by === "developer" ? side.manager : agent;
    switch (step.kind) {
      case "createDeal":
        await crm.createDeal(agent, {
          dealId,
          title: `${entry.buyer} \u2014 apartment ${apartment.number}`,
          // The buyer is the deal's investor (the demo agent's buyers: the demo investor).
          investorUserId: entry.agent === 0 ? DEMO_USERS.investor.userId : historyId(`investor/${entry.buyer}`)
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
          programId
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
          bookingId()
        );
        return;
      default:
        assertNever(step.kind, "history step");
    }
  }
}
export {
  HistoryPlayer,
  historyId
};
//# sourceMappingURL=history-player.js.map
