import type {
  NotificationKindContract,
  RecipientKindContract,
} from "../../contracts/notifications-events.js";
import { assertNever } from "../../platform/errors/domain-error.js";
import type { DealParticipants, SagaTransition } from "./saga-transition.js";

export type NotificationKind = NotificationKindContract;
export type RecipientKind = RecipientKindContract;

export const NOTIFICATION_KINDS: readonly NotificationKind[] = [
  "BookingConfirmed",
  "BookingPaid",
  "ReserveExpired",
  "BookingExpired",
  "BookingCancelled",
  "SaleStarted",
  "SavedSearchMatch",
  "SavedSearchDigest",
];

export const TITLE_MAX_LENGTH = 200;

/** A user, or every developer_manager of one developer (the spec knows them only by role + tenant). */
export type Recipient =
  | { readonly kind: "User"; readonly userId: string }
  | { readonly kind: "Developer"; readonly tenantId: string; readonly excludedUserId: string | null };

export interface NotificationDraft {
  readonly recipient: Recipient;
  readonly kind: NotificationKind;
  readonly title: string;
  /** null on a saved-search notification */
  readonly dealId: string | null;
  readonly bookingId: string | null;
  readonly lotId?: string | null;
  readonly savedSearchId?: string | null;
}

function kindAndTitle(t: SagaTransition): { kind: NotificationKind; title: string } | null {
  switch (t.type) {
    case "confirmed":
      // A paid booking's confirmation arrives with booking-paid in the same commit: one
      // notification ("payment confirmed") says both, two would be noise (decision 0122).
      return t.isPaid
        ? null
        : { kind: "BookingConfirmed", title: "Booking confirmed: the apartment is booked" };
    case "paid":
      return {
        kind: "BookingPaid",
        title: "Booking contract paid: payment confirmed, the apartment is booked",
      };
    case "expired":
      return t.phase === "Reserve"
        ? { kind: "ReserveExpired", title: "Reserve time expired: the booking was not confirmed in time" }
        : { kind: "BookingExpired", title: "Booking time expired: it was neither completed nor extended" };
    case "cancelled":
      return {
        kind: "BookingCancelled",
        title: t.cause === "DealCancelled" ? "Booking cancelled together with the deal" : "Booking cancelled",
      };
    case "saleStarted":
      return { kind: "SaleStarted", title: "Sale started: the booking is completed" };
    default:
      return assertNever(t, "saga transition");
  }
}

/**
 * Who is told about a booking transition (docs/engineering/notifications.md): every participant of the deal —
 * its agent, its investor, the managers of its developer — except the one who caused it (they
 * know). Transitions the spec names: confirmed, paid, expired, cancelled, sale started; a paid
 * programme's booking-confirmed is folded into its booking-paid. Pure.
 */
export function decideNotifications(
  participants: DealParticipants,
  bookingId: string,
  transition: SagaTransition,
): NotificationDraft[] {
  const what = kindAndTitle(transition);
  if (!what) return [];
  const actor = transition.actorUserId;
  const users = [participants.agentUserId, participants.investorUserId].filter(
    (id, i, all): id is string => id !== null && id !== actor && all.indexOf(id) === i,
  );
  const recipients: Recipient[] = [
    ...users.map((userId): Recipient => ({ kind: "User", userId })),
    { kind: "Developer", tenantId: participants.tenantId, excludedUserId: actor },
  ];
  return recipients.map((recipient) => ({ recipient, ...what, dealId: participants.dealId, bookingId }));
}
