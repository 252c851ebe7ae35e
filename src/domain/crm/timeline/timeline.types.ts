/** One row of the deal/booking timeline: who changed what, when, from which status to which, why. */
export interface TimelineDraft {
  readonly entity: "Booking" | "Deal";
  readonly dealId: string;
  readonly bookingId: string | null;
  readonly action: string;
  readonly fromStatus: string | null;
  readonly toStatus: string;
  readonly actorUserId: string;
  readonly reason: string | null;
  readonly at: Date;
}

/** The worker acts as this user id in timelines. */
export const SYSTEM_ACTOR = "system:booking-expiration";

/** A stored timeline row as reads return it (the read model of TimelineEntry). */
export type TimelineEntry = TimelineDraft;
