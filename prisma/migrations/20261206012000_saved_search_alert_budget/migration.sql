-- Saved-search alerts with a budget (issue #42 finding 2, decision 0581).
--
-- 1. One alert per user, lot and day across all the user's searches: the marks move from
--    (saved_search_id, lot_id, day) to (user_id, lot_id, day). Today's marks carry over (a lot a
--    user was told about today through any of their searches stays told).
CREATE TABLE "catalog"."saved_search_user_alerts" (
  "user_id" TEXT NOT NULL,
  "lot_id" UUID NOT NULL,
  "day" DATE NOT NULL,
  CONSTRAINT "saved_search_user_alerts_pkey" PRIMARY KEY ("user_id", "lot_id", "day")
);
CREATE INDEX "saved_search_user_alerts_day_idx" ON "catalog"."saved_search_user_alerts"("day");
INSERT INTO "catalog"."saved_search_user_alerts" ("user_id", "lot_id", "day")
SELECT DISTINCT s."user_id", a."lot_id", a."day"
FROM "catalog"."saved_search_alerts" a JOIN "catalog"."saved_searches" s ON s."id" = a."saved_search_id";
DROP TABLE "catalog"."saved_search_alerts";

-- 2. A user's budget of a day: notifications sent within the daily cap, the one overflow digest
--    beyond it, and the lots matched after that digest (marked, not notified).
CREATE TABLE "catalog"."saved_search_alert_budgets" (
  "user_id" TEXT NOT NULL,
  "day" DATE NOT NULL,
  "notified" INTEGER NOT NULL DEFAULT 0,
  "digested" BOOLEAN NOT NULL DEFAULT false,
  "held_back" INTEGER NOT NULL DEFAULT 0,
  CONSTRAINT "saved_search_alert_budgets_pkey" PRIMARY KEY ("user_id", "day")
);
CREATE INDEX "saved_search_alert_budgets_day_idx" ON "catalog"."saved_search_alert_budgets"("day");

-- 3. "Back on sale" only after a real time off sale: when a lot leaves Free is kept
--    (lot_off_sale), and a BackToFree change records how long it was away (off_sale_seconds;
--    NULL when it left before this tracking began). The worker drops a BackToFree shorter than
--    PIN_CATALOG_SAVED_SEARCH_BACK_ON_SALE_SECONDS: booking and cancelling alerts nobody.
CREATE TABLE "catalog"."lot_off_sale" (
  "lot_id" UUID NOT NULL,
  "since" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "lot_off_sale_pkey" PRIMARY KEY ("lot_id")
);
ALTER TABLE "catalog"."lot_alert_changes" ADD COLUMN "off_sale_seconds" INTEGER;

CREATE OR REPLACE FUNCTION catalog.record_lot_alert_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- a lot leaving sale: since when (kept whether or not anyone has a saved search yet)
  INSERT INTO catalog.lot_off_sale (lot_id, since)
  SELECT n.id, now()
  FROM new_cards n JOIN old_cards o ON o.id = n.id
  WHERE o.property_object_status = 'Free' AND n.property_object_status <> 'Free'
  ON CONFLICT (lot_id) DO UPDATE SET since = EXCLUDED.since;

  INSERT INTO catalog.lot_alert_changes (lot_id, kind, old_price, new_price, off_sale_seconds)
  SELECT n.id,
    CASE WHEN o.status <> 'Published' THEN 'Published'
         WHEN o.property_object_status <> 'Free' THEN 'BackToFree'
         ELSE 'PriceDrop' END,
    o.price, n.price,
    CASE WHEN o.status = 'Published' AND o.property_object_status <> 'Free'
         THEN floor(extract(epoch FROM now() - s.since))::integer END
  FROM new_cards n JOIN old_cards o ON o.id = n.id
  LEFT JOIN catalog.lot_off_sale s ON s.lot_id = n.id
  WHERE n.status = 'Published' AND n.property_object_status = 'Free'
    AND (o.status <> 'Published' OR o.property_object_status <> 'Free' OR n.price < o.price)
    -- nobody to alert: nothing to record (the common case of a catalog without saved searches)
    AND EXISTS (SELECT 1 FROM catalog.saved_searches);

  -- back on sale: the time off sale is spent
  DELETE FROM catalog.lot_off_sale s
  USING new_cards n JOIN old_cards o ON o.id = n.id
  WHERE s.lot_id = n.id AND n.property_object_status = 'Free' AND o.property_object_status <> 'Free';
  RETURN NULL;
END
$$;
