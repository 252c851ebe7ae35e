-- Issue 14 (booking saga conformance).

-- crm's replica of chessboard developers (pin.chessboard.developer-upserted.v1): engageDeveloper
-- refuses a developer crm has not seen or that is Inactive (decision 0049). Monotonic by version.
CREATE TABLE crm.developers (
  id         uuid        NOT NULL PRIMARY KEY,
  status     text        NOT NULL CHECK (status IN ('Active', 'Inactive')),
  version    integer     NOT NULL,
  updated_at timestamptz NOT NULL
);

-- One-time backfill on databases that already hold chessboard developers: the events that
-- published them were consumed before crm subscribed to developer-upserted. Both schemas live in
-- this database today; later upserts arrive through the consumer.
INSERT INTO crm.developers (id, status, version, updated_at)
SELECT id, status, version, updated_at FROM chessboard.developers
ON CONFLICT (id) DO NOTHING;

-- The booking chessboard reports as holding the object (HoldBookingId of status-changed), so
-- createBooking can tell a hold of crm's own already-ended booking from a live one (decision 0052).
ALTER TABLE crm.property_objects ADD COLUMN hold_booking_id uuid;

-- When the current hold began, in crm's business time (the first applied event's time): a release
-- of another booking that ended before it is a reordering, after it an anomaly (decision 0066).
ALTER TABLE chessboard.property_objects ADD COLUMN hold_since timestamptz(3);
