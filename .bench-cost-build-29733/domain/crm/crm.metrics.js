import { counter, gauge, histogram } from "../../platform/metrics/registry.js";
const PHASE_BUCKETS_SECONDS = [60, 300, 900, 1800, 3600, 7200, 21600, 86400, 259200, 604800];
const LATENESS_BUCKETS_SECONDS = [0.1, 0.5, 1, 5, 15, 30, 60, 90, 120, 300, 600];
function createCrmMetrics(registry) {
  return {
    bookingsCreated: counter(registry, "crm_bookings_created_total", "Bookings created, by initiator", [
      "initiated_by"
    ]),
    confirm: counter(registry, "crm_booking_confirm_total", "confirmBooking/confirmBookingPayment outcomes", [
      "result"
    ]),
    cancel: counter(registry, "crm_booking_cancel_total", "cancelBooking (and cancelDeal cascade) outcomes", [
      "result"
    ]),
    expirationItems: counter(
      registry,
      "crm_booking_expiration_items_total",
      "Bookings expired by the worker",
      ["phase"]
    ),
    expirationFailures: counter(
      registry,
      "crm_booking_expiration_failed_total",
      "Due bookings the worker could not expire (rolled back to their savepoint, retried next cycle)"
    ),
    phaseDuration: histogram(
      registry,
      "crm_booking_phase_duration_seconds",
      "Time a booking spent in a saga phase (reserve: created\u2192confirmed/ended; booking: confirmed\u2192ended)",
      ["phase", "outcome"],
      PHASE_BUCKETS_SECONDS
    ),
    stuckInReserved: gauge(
      registry,
      "crm_bookings_stuck_in_reserved",
      "Reserved/AwaitingPayment bookings past ReserveExpiresAt not yet expired (seen at the last worker cycle)"
    ),
    expirationLateness: histogram(
      registry,
      "crm_booking_expiration_lateness_seconds",
      "SLO: seconds between a booking's deadline and its expiry (target \u2264 cycle + batch time)",
      [],
      LATENESS_BUCKETS_SECONDS
    ),
    expirationCycleDuration: histogram(
      registry,
      "crm_booking_expiration_cycle_duration_seconds",
      "Duration of one booking-expiration cycle"
    )
  };
}
export {
  createCrmMetrics
};
//# sourceMappingURL=crm.metrics.js.map
