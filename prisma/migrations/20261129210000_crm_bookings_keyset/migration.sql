-- Keyset pagination of the bookings list (newest first on (created_at, id)): one range scan per page.
CREATE INDEX ix_bookings_created ON crm.bookings (created_at DESC, id DESC);
