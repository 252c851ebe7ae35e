import { evolveDealForBooking } from "../deal/deal.decide.js";
import { writeBookingDecision } from "./booking-decision.writer.js";
async function applyBookingDecision(runner, previous, decision, deal, actorUserId, meta, clock) {
  const dealChange = evolveDealForBooking(
    deal,
    decision.dealEffect,
    actorUserId,
    decision.next.id,
    clock.now()
  );
  await writeBookingDecision(
    runner,
    {
      previousVersion: previous?.version ?? null,
      booking: decision.next,
      deal,
      nextDeal: dealChange?.next ?? null,
      timeline: [...decision.timeline, ...dealChange?.timeline ?? []],
      events: decision.events,
      meta
    },
    clock
  );
  return { booking: decision.next, deal: dealChange?.next ?? deal };
}
export {
  applyBookingDecision
};
//# sourceMappingURL=apply-booking-decision.js.map
