-- notifications: a per-user inbox of booking-saga notifications. A notification is addressed to
-- one user or to every developer_manager of one developer (the spec knows the developer's staff
-- only by role and tenant); read marks are per user. See docs/notifications.md.
CREATE SCHEMA IF NOT EXISTS "notifications";

-- Replica of the deal's parties, built from crm's booking-created (decision 0121).
CREATE TABLE "notifications"."deal_participants" (
  "deal_id" UUID NOT NULL,
  "tenant_id" UUID NOT NULL,
  "agent_user_id" TEXT,
  "investor_user_id" TEXT,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "deal_participants_pkey" PRIMARY KEY ("deal_id")
);

-- Writers take one advisory lock before inserting (decision 0124): id order is commit order, so a
-- client resuming "after id X" misses nothing.
CREATE TABLE "notifications"."notifications" (
  "id" BIGINT GENERATED ALWAYS AS IDENTITY,
  "recipient_kind" TEXT NOT NULL,
  "recipient_id" TEXT NOT NULL,
  "excluded_user_id" TEXT,
  "kind" TEXT NOT NULL,
  "title" TEXT NOT NULL,
  "deal_id" UUID NOT NULL,
  "booking_id" UUID,
  "source_message_id" UUID NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "notifications_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "ck_notifications_recipient_kind" CHECK ("recipient_kind" IN ('User', 'Developer')),
  CONSTRAINT "ck_notifications_title_length" CHECK (char_length("title") <= 200)
);
CREATE INDEX "ix_notifications_recipient" ON "notifications"."notifications" ("recipient_kind", "recipient_id", "id");
-- Idempotency by business key: one notification per source event and recipient.
CREATE UNIQUE INDEX "ux_notifications_source_recipient"
  ON "notifications"."notifications" ("source_message_id", "recipient_kind", "recipient_id");

CREATE TABLE "notifications"."reads" (
  "user_id" TEXT NOT NULL,
  "notification_id" BIGINT NOT NULL,
  "read_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "reads_pkey" PRIMARY KEY ("user_id", "notification_id"),
  CONSTRAINT "reads_notification_id_fkey" FOREIGN KEY ("notification_id") REFERENCES "notifications"."notifications"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
