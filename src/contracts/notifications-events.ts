/**
 * Events published by the notifications context (contract:
 * schema/events/pin.notifications.notification-added.v1.schema.json). One key for the whole topic
 * (decision 0124): notification ids are assigned in commit order, and a single key keeps that order
 * end to end, so a subscriber resuming "after id X" can rely on it.
 */

export const NOTIFICATIONS_EVENT_KEY = "notifications";

export type NotificationKindContract =
  | "BookingConfirmed"
  | "BookingPaid"
  | "ReserveExpired"
  | "BookingExpired"
  | "BookingCancelled"
  | "SaleStarted"
  /** A lot started matching a user's saved search, or its price fell (issue 27) */
  | "SavedSearchMatch"
  /** Many lots matched one saved search at once: one digest instead of many */
  | "SavedSearchDigest";

/** User = one person; Developer = every developer_manager of that developer (TenantId). */
export type RecipientKindContract = "User" | "Developer";

/** pin.notifications.notification-added.v1 — key "notifications". */
export interface NotificationAddedV1 {
  /** Notification id: a positive integer as a decimal string, increasing in commit order */
  readonly NotificationId: string;
  readonly RecipientKind: RecipientKindContract;
  readonly RecipientId: string;
  /** A Developer-addressed notification is not shown to this user (the actor who caused it) */
  readonly ExcludedUserId: string | null;
  readonly Kind: NotificationKindContract;
  readonly Title: string;
  /** null on a saved-search notification (not about a deal) */
  readonly DealId: string | null;
  readonly BookingId: string | null;
  /** The lot of a SavedSearchMatch (absent or null otherwise) */
  readonly LotId?: string | null;
  /** The saved search of a SavedSearchMatch / SavedSearchDigest (absent or null otherwise) */
  readonly SavedSearchId?: string | null;
  readonly CreatedAt: string;
}

/** Topic → payload, for typed consumers. */
export interface NotificationsEventByTopic {
  readonly "pin.notifications.notification-added.v1": NotificationAddedV1;
}
