import type { BookingStatus } from "../booking/booking.types.js";

/** chessboard's sale statuses as crm's replica stores them (Свободен/Резерв/Бронь/Продан/Скрыт). */
export type ReplicaStatus = "Free" | "Reserved" | "Booked" | "Sold" | "Hidden";

/** crm's local copy of the chessboard property object, just what createBooking checks. */
export interface PropertyObjectReplica {
  readonly id: string;
  /** DeveloperId */
  readonly tenantId: string;
  readonly status: string;
  readonly version: number;
  /**
   * crm's own status of the booking chessboard last reported as holding the object (its
   * HoldBookingId); null or absent when there is no hold or crm does not know that booking.
   */
  readonly holdBookingStatus?: BookingStatus | null;
}

export const BOOKABLE_REPLICA_STATUS: ReplicaStatus = "Free";

const HELD_REPLICA_STATUSES: readonly string[] = ["Reserved", "Booked"] satisfies ReplicaStatus[];
/** A booking that ended without a sale: chessboard releases its hold on receiving the event. */
const RELEASED_BOOKING_STATUSES: readonly BookingStatus[] = ["ReserveExpired", "BookingExpired", "Cancelled"];

/**
 * Decision 0052: the object is bookable when the replica says Free, or when the replica still
 * shows the hold of a crm booking that crm itself has already ended without a sale (its release is
 * on its way to chessboard). crm's partial unique index stays the guard against double booking.
 */
export function isBookableReplica(replica: PropertyObjectReplica): boolean {
  if (replica.status === BOOKABLE_REPLICA_STATUS) return true;
  const hold = replica.holdBookingStatus ?? null;
  return (
    HELD_REPLICA_STATUSES.includes(replica.status) &&
    hold !== null &&
    RELEASED_BOOKING_STATUSES.includes(hold)
  );
}
