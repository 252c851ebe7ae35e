-- messenger: one chat per deal (members derived from crm's booking-created), its messages
-- (participants' text and the booking saga's system cards), per-user read marks and a small
-- replica of chessboard property objects for the figures on the cards. See docs/messenger.md.
CREATE SCHEMA IF NOT EXISTS "messenger";

CREATE TABLE "messenger"."deal_chats" (
  "deal_id" UUID NOT NULL,
  "tenant_id" UUID NOT NULL,
  "agent_user_id" TEXT,
  "investor_user_id" TEXT,
  "last_message_id" BIGINT,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "deal_chats_pkey" PRIMARY KEY ("deal_id")
);
CREATE INDEX "ix_deal_chats_agent" ON "messenger"."deal_chats" ("agent_user_id");
CREATE INDEX "ix_deal_chats_investor" ON "messenger"."deal_chats" ("investor_user_id");
CREATE INDEX "ix_deal_chats_tenant" ON "messenger"."deal_chats" ("tenant_id");

-- Ids come from one sequence, but writers of one chat serialise on its deal_chats row before
-- inserting, so within a chat id order is commit order: "everything after id X" is complete.
CREATE TABLE "messenger"."messages" (
  "id" BIGINT GENERATED ALWAYS AS IDENTITY,
  "deal_id" UUID NOT NULL,
  "kind" TEXT NOT NULL,
  "author_user_id" TEXT,
  "body" TEXT,
  "card_kind" TEXT,
  "booking_id" UUID,
  "card" JSONB,
  "source_message_id" UUID,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "messages_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "messages_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "messenger"."deal_chats"("deal_id") ON DELETE RESTRICT ON UPDATE CASCADE,
  CONSTRAINT "ck_messages_kind" CHECK (
    ("kind" = 'Text' AND "body" IS NOT NULL AND "author_user_id" IS NOT NULL AND "card_kind" IS NULL)
    OR ("kind" = 'Card' AND "card_kind" IS NOT NULL AND "booking_id" IS NOT NULL AND "card" IS NOT NULL)
  ),
  CONSTRAINT "ck_messages_body_length" CHECK ("body" IS NULL OR char_length("body") <= 4000)
);
CREATE INDEX "ix_messages_deal" ON "messenger"."messages" ("deal_id", "id");
-- The business key of a card: one card per source event, even if the dedup window has passed.
CREATE UNIQUE INDEX "ux_messages_source" ON "messenger"."messages" ("source_message_id");

CREATE TABLE "messenger"."chat_reads" (
  "deal_id" UUID NOT NULL,
  "user_id" TEXT NOT NULL,
  "last_read_message_id" BIGINT NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "chat_reads_pkey" PRIMARY KEY ("deal_id", "user_id")
);

CREATE TABLE "messenger"."property_objects" (
  "id" UUID NOT NULL,
  "tenant_id" UUID NOT NULL,
  "number" TEXT NOT NULL,
  "floor" INTEGER,
  "price" DECIMAL(18,2) NOT NULL,
  "currency" TEXT,
  "version" INTEGER NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "property_objects_pkey" PRIMARY KEY ("id")
);
