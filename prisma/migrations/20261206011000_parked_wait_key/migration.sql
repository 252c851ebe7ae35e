-- Event-driven unparking (issue #42 finding 3, decision 0580). A parked message may wait for
-- another key's message about the same thing (chessboard: a booking event parked on the hold guard
-- waits for the previous holder's release — another BookingId, another key). `wait_key` is that
-- thing (the property object's id) as the consumer definition names it; when a message with the
-- same wait key is handled, the group's parked messages with it are made due at once.
-- Nullable: the existing rows and the consumers without a wait key keep their retry timer only.
ALTER TABLE "platform"."parked_messages" ADD COLUMN "wait_key" TEXT;
CREATE INDEX "parked_messages_wait_key_idx" ON "platform"."parked_messages" ("group_id", "wait_key")
  WHERE "wait_key" IS NOT NULL;
