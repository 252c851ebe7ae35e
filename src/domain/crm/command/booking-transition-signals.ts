import { DomainError } from "../../../platform/errors/domain-error.js";
import type { Logger } from "../../../platform/log/logger.js";
import type { CausationMeta } from "../booking/booking.outbox.js";
import type { Booking } from "../booking/booking.types.js";
import type { CrmMetrics } from "../crm.metrics.js";

const SECONDS_PER_MS = 1 / 1000;

/** The log line of every booking transition a command makes (saga id = booking id). */
export function logTransition(
  log: Logger,
  before: Booking | null,
  after: Booking,
  action: string,
  meta: CausationMeta,
): void {
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

/** How long the booking spent in the phase it leaves (reserve or booking), by outcome. */
export function observePhase(metrics: CrmMetrics, before: Booking, after: Booking, now: Date): void {
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
export async function counted<T>(count: (result: string) => void, work: () => Promise<T>): Promise<T> {
  try {
    const result = await work();
    count("ok");
    return result;
  } catch (error) {
    count(error instanceof DomainError ? error.code : "error");
    throw error;
  }
}
