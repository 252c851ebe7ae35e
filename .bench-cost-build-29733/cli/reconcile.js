import { lockPropertyObject } from "../domain/chessboard/property-object/lock-property-object.js";
import { enqueueStatusChanged } from "../domain/chessboard/property-object/property-object.events.js";
import { ACTIVE_BOOKING_STATUSES } from "../domain/crm/booking/booking.types.js";
import { Prisma } from "../generated/prisma/client.js";
import { startProgress } from "../platform/log/progress.js";
import { flagNumber, flagOn } from "./args.js";
import { defineCommand, EXIT_OK } from "./command.js";
import { RECONCILE } from "./specs.js";
const EXIT_DISAGREE = 1;
const REPAIRABLE = /* @__PURE__ */ new Set(["replica-missing", "replica-behind"]);
async function findDisagreements(db, options) {
  const { settledBefore, limit } = options;
  const active = [...ACTIVE_BOOKING_STATUSES];
  const rows = await db.$queryRaw(Prisma.sql`
    SELECT * FROM (
      SELECT CASE
               WHEN r.id IS NULL THEN 'replica-missing'
               WHEN r.version < c.version THEN 'replica-behind'
               WHEN r.version > c.version THEN 'replica-ahead'
               ELSE 'replica-differs'
             END AS kind,
             c.id::text AS property_object_id,
             format('chessboard %s v%s hold=%s; crm replica %s', c.status, c.version,
                    coalesce(c.hold_booking_id::text, '-'),
                    coalesce(r.status || ' v' || r.version || ' hold=' || coalesce(r.hold_booking_id::text, '-'), 'missing')) AS detail
        FROM chessboard.property_objects c
        LEFT JOIN crm.property_objects r ON r.id = c.id
       WHERE c.updated_at < ${settledBefore}
         AND (r.id IS NULL OR r.version <> c.version OR r.status <> c.status
              OR r.hold_booking_id IS DISTINCT FROM c.hold_booking_id)
      UNION ALL
      SELECT 'hold-without-active-booking', c.id::text,
             format('chessboard %s held by booking %s (deal %s); crm booking %s', c.status, c.hold_booking_id,
                    coalesce(c.hold_deal_id::text, '-'), coalesce(b.status || ' v' || b.version, 'missing'))
        FROM chessboard.property_objects c
        LEFT JOIN crm.bookings b ON b.id = c.hold_booking_id
       WHERE c.hold_booking_id IS NOT NULL
         AND c.updated_at < ${settledBefore}
         AND (b.id IS NULL OR (b.status <> ALL(${active}::text[]) AND b.updated_at < ${settledBefore}))
      UNION ALL
      SELECT 'active-booking-without-hold', b.property_object_id::text,
             format('crm booking %s %s v%s (deal %s); chessboard %s hold=%s', b.id, b.status, b.version, b.deal_id,
                    coalesce(c.status, 'missing'), coalesce(c.hold_booking_id::text, '-'))
        FROM crm.bookings b
        LEFT JOIN chessboard.property_objects c ON c.id = b.property_object_id
       WHERE b.status = ANY(${active}::text[])
         AND b.updated_at < ${settledBefore}
         AND (c.id IS NULL OR c.hold_booking_id IS DISTINCT FROM b.id)
    ) d
    ORDER BY property_object_id, kind
    LIMIT ${limit}`);
  return rows.map((r) => ({ kind: r.kind, propertyObjectId: r.property_object_id, detail: r.detail }));
}
async function republishStatus(db, clock, propertyObjectIds, progressOf) {
  const ids = new Set(propertyObjectIds);
  const progress = startProgress(progressOf.log, {
    what: "reconcile repair",
    unit: "objects",
    total: ids.size,
    ...progressOf.timing
  });
  let published = 0;
  for (const id of ids) {
    await db.$transaction(async (tx) => {
      const row = await lockPropertyObject(tx, id);
      if (!row) return;
      await enqueueStatusChanged(tx, clock, row, row, "Manual", { correlationId: `reconcile:${id}` });
      published++;
    });
    progress.tick();
  }
  progress.done();
  return published;
}
const command = defineCommand(RECONCILE, async (args, deps, out) => {
  const settledBefore = new Date(
    deps.clock.now().getTime() - (flagNumber(args, "settled-for") ?? 120) * 1e3
  );
  const limit = flagNumber(args, "limit") ?? 1e3;
  const found = await findDisagreements(deps.db, { settledBefore, limit });
  for (const d of found) out.item(`${d.kind}  ${d.propertyObjectId}  ${d.detail}`, { ...d });
  const counts = Object.fromEntries(
    [...new Set(found.map((d) => d.kind))].map((k) => [k, found.filter((d) => d.kind === k).length])
  );
  if (found.length === 0) out.note("crm and chessboard are in step");
  deps.log.info({ disagreements: found.length, counts, limit }, "reconcile: listed");
  if (!flagOn(args, "repair")) return found.length === 0 ? EXIT_OK : EXIT_DISAGREE;
  const repairable = found.filter((d) => REPAIRABLE.has(d.kind)).map((d) => d.propertyObjectId);
  const published = await republishStatus(deps.db, deps.clock, repairable, { log: deps.log });
  const left = found.filter((d) => !REPAIRABLE.has(d.kind));
  out.item(
    `re-published the status of ${published} property object(s); ${left.length} disagreement(s) need a person`,
    {
      republished: published,
      left: left.length
    }
  );
  deps.log.info({ republished: published, left: left.length }, "reconcile: repaired");
  return left.length === 0 ? EXIT_OK : EXIT_DISAGREE;
});
export {
  REPAIRABLE,
  command,
  findDisagreements,
  republishStatus
};
//# sourceMappingURL=reconcile.js.map
