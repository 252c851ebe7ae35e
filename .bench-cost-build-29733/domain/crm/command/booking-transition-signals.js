import { DomainError } from "../../../platform/errors/domain-error.js";
const SECONDS_PER_MS = 1 / 1e3;
function logTransition(log, before, after, action, meta) {
  log.info(
    {
      bookingId: after.id,
      sagaId: after.id,
      dealId: after.dealId,
      causationId: meta.causationId ?? null,
      action,
      from: before?.status ?? null,
      to: after.status,
      version: after.version
    },
    "booking transition"
  );
}
function observePhase(metrics, before, after, now) {
  if (before.status === after.status) return;
  if (before.status === "Reserved" || before.status === "AwaitingPayment") {
    const seconds = (now.getTime() - before.createdAt.getTime()) * SECONDS_PER_MS;
    metrics.phaseDuration.observe({ phase: "reserve", outcome: after.status }, seconds);
  } else if (before.status === "Booked" && before.confirmedAt) {
    const seconds = (now.getTime() - before.confirmedAt.getTime()) * SECONDS_PER_MS;
    metrics.phaseDuration.observe({ phase: "booking", outcome: after.status }, seconds);
  }
}
async function counted(count, work) {
  try {
    const result = await work();
    count("ok");
    return result;
  } catch (error) {
    count(error instanceof DomainError ? error.code : "error");
    throw error;
  }
}
export {
  counted,
  logTransition,
  observePhase
};
//# sourceMappingURL=booking-transition-signals.js.map
