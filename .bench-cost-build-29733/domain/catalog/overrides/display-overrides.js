import { recomputeCards } from "../cards/recompute-cards.js";
import { cardNotFound, invalidOverride, overrideNotFound } from "../catalog.errors.js";
const NAME_MAX = 256;
const ADDRESS_MAX = 512;
const TITLE_MAX = 256;
const BADGE_MAX = 64;
const STARS_MAX = 5;
const DISTANCE_MAX = 1e3;
const PERCENT_MAX = 100;
const PRICE = /^\d{1,12}(\.\d{1,2})?$/;
const DELIVERY_YEARS = { min: 2e3, max: 2100 };
function text(field, value, max) {
  if (value === null || value === void 0) return null;
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > max) throw invalidOverride(field, `1..${max} characters`);
  return trimmed;
}
function int(field, value, min, max) {
  if (value === null || value === void 0) return null;
  if (!Number.isInteger(value) || value < min || value > max)
    throw invalidOverride(field, `an integer in ${min}..${max}`);
  return value;
}
function date(field, value) {
  if (value === null || value === void 0) return null;
  const year = value.getUTCFullYear();
  if (Number.isNaN(value.getTime()) || year < DELIVERY_YEARS.min || year > DELIVERY_YEARS.max)
    throw invalidOverride(field, `a date in ${DELIVERY_YEARS.min}..${DELIVERY_YEARS.max}`);
  return value;
}
function expiry(value, now) {
  if (value === null || value === void 0) return null;
  if (Number.isNaN(value.getTime()) || value.getTime() <= now.getTime())
    throw invalidOverride("expiresAt", "in the future");
  return value;
}
function nothingSet(values) {
  return Object.values(values).every((v) => v === null);
}
const TX_TIMEOUT_MS = 12e4;
function createDisplayOverrides({ db, now }) {
  async function inTx(work) {
    const at = now();
    return db.$transaction((tx) => work(tx, at), { timeout: TX_TIMEOUT_MS });
  }
  const recompute = (tx, targets, at) => recomputeCards(tx, targets, { now: at, publishedAt: at });
  return {
    async setProject(projectId, input, setBy) {
      const at = now();
      const v = {
        name: text("name", input.name, NAME_MAX),
        address: text("address", input.address, ADDRESS_MAX),
        stars: int("stars", input.stars, 1, STARS_MAX),
        deliveryDate: date("deliveryDate", input.deliveryDate),
        readinessPercent: int("readinessPercent", input.readinessPercent, 0, PERCENT_MAX),
        distanceMinutes: int("distanceMinutes", input.distanceMinutes, 0, DISTANCE_MAX),
        isVisible: input.isVisible ?? null
      };
      if (nothingSet(v))
        throw invalidOverride("input", "set at least one field (delete the override to clear it)");
      const expiresAt = expiry(input.expiresAt, at);
      return inTx(async (tx, t) => {
        const [card] = await tx.$queryRaw`SELECT 1 FROM catalog.project_cards WHERE id = ${projectId}::uuid`;
        if (!card) throw cardNotFound("project", projectId);
        await tx.$executeRaw`
          INSERT INTO catalog.project_display_overrides (project_id, name, address, stars, delivery_date,
            readiness_percent, distance_minutes, is_visible, expires_at, set_by, created_at, updated_at)
          VALUES (${projectId}::uuid, ${v.name}, ${v.address}, ${v.stars}, ${v.deliveryDate}::date,
            ${v.readinessPercent}, ${v.distanceMinutes}, ${v.isVisible}, ${expiresAt}, ${setBy}::uuid, ${t}, ${t})
          ON CONFLICT (project_id) DO UPDATE SET name = EXCLUDED.name, address = EXCLUDED.address,
            stars = EXCLUDED.stars, delivery_date = EXCLUDED.delivery_date,
            readiness_percent = EXCLUDED.readiness_percent, distance_minutes = EXCLUDED.distance_minutes,
            is_visible = EXCLUDED.is_visible, expires_at = EXCLUDED.expires_at, set_by = EXCLUDED.set_by,
            updated_at = EXCLUDED.updated_at`;
        const summary = await recompute(tx, { projectIds: [projectId] }, t);
        return { target: "Project", targetId: projectId, expiresAt, recompute: summary };
      });
    },
    async setBuilding(buildingId, input, setBy) {
      const at = now();
      const v = {
        deliveryDate: date("deliveryDate", input.deliveryDate),
        readinessPercent: int("readinessPercent", input.readinessPercent, 0, PERCENT_MAX),
        stars: int("stars", input.stars, 1, STARS_MAX),
        distanceMinutes: int("distanceMinutes", input.distanceMinutes, 0, DISTANCE_MAX),
        isVisible: input.isVisible ?? null
      };
      if (nothingSet(v))
        throw invalidOverride("input", "set at least one field (delete the override to clear it)");
      const expiresAt = expiry(input.expiresAt, at);
      return inTx(async (tx, t) => {
        const [building] = await tx.$queryRaw`
          SELECT project_id::text FROM catalog.building_snapshots WHERE id = ${buildingId}::uuid
          UNION ALL
          SELECT project_id::text FROM catalog.property_object_cards WHERE building_id = ${buildingId}::uuid
          LIMIT 1`;
        if (!building) throw cardNotFound("building", buildingId);
        await tx.$executeRaw`
          INSERT INTO catalog.building_display_overrides (building_id, project_id, delivery_date,
            readiness_percent, stars, distance_minutes, is_visible, expires_at, set_by, created_at, updated_at)
          VALUES (${buildingId}::uuid, ${building.project_id}::uuid, ${v.deliveryDate}::date, ${v.readinessPercent},
            ${v.stars}, ${v.distanceMinutes}, ${v.isVisible}, ${expiresAt}, ${setBy}::uuid, ${t}, ${t})
          ON CONFLICT (building_id) DO UPDATE SET delivery_date = EXCLUDED.delivery_date,
            readiness_percent = EXCLUDED.readiness_percent, stars = EXCLUDED.stars,
            distance_minutes = EXCLUDED.distance_minutes, is_visible = EXCLUDED.is_visible,
            expires_at = EXCLUDED.expires_at, set_by = EXCLUDED.set_by, updated_at = EXCLUDED.updated_at`;
        const summary = await recompute(tx, { buildingIds: [buildingId] }, t);
        return { target: "Building", targetId: buildingId, expiresAt, recompute: summary };
      });
    },
    async setPropertyObject(propertyObjectId, input, setBy) {
      const at = now();
      const price = input.price ?? null;
      if (price !== null && (!PRICE.test(price) || Number(price) <= 0))
        throw invalidOverride("price", "a positive decimal with at most 2 fraction digits");
      const v = {
        title: text("title", input.title, TITLE_MAX),
        price,
        badge: text("badge", input.badge, BADGE_MAX),
        isVisible: input.isVisible ?? null
      };
      if (nothingSet(v))
        throw invalidOverride("input", "set at least one field (delete the override to clear it)");
      const expiresAt = expiry(input.expiresAt, at);
      return inTx(async (tx, t) => {
        const [card] = await tx.$queryRaw`
          SELECT 1 FROM catalog.property_object_cards WHERE id = ${propertyObjectId}::uuid`;
        if (!card) throw cardNotFound("property object", propertyObjectId);
        await tx.$executeRaw`
          INSERT INTO catalog.property_object_display_overrides (property_object_id, title, price, badge,
            is_visible, expires_at, set_by, created_at, updated_at)
          VALUES (${propertyObjectId}::uuid, ${v.title}, ${v.price}::numeric, ${v.badge}, ${v.isVisible},
            ${expiresAt}, ${setBy}::uuid, ${t}, ${t})
          ON CONFLICT (property_object_id) DO UPDATE SET title = EXCLUDED.title, price = EXCLUDED.price,
            badge = EXCLUDED.badge, is_visible = EXCLUDED.is_visible, expires_at = EXCLUDED.expires_at,
            set_by = EXCLUDED.set_by, updated_at = EXCLUDED.updated_at`;
        const summary = await recompute(tx, { propertyObjectIds: [propertyObjectId] }, t);
        return {
          target: "PropertyObject",
          targetId: propertyObjectId,
          expiresAt,
          recompute: summary
        };
      });
    },
    /** Removes the override and recomputes; CATALOG_OVERRIDE_NOT_FOUND when there is none. */
    async remove(target, targetId) {
      return inTx(async (tx, t) => {
        const deleted = await deleteOverride(tx, target, targetId);
        if (deleted === 0) throw overrideNotFound(target, targetId);
        const summary = await recompute(tx, targetsOf(target, [targetId]), t);
        return { target, targetId, expiresAt: null, recompute: summary };
      });
    }
  };
}
function deleteOverride(tx, target, id) {
  switch (target) {
    case "Project":
      return tx.$executeRaw`DELETE FROM catalog.project_display_overrides WHERE project_id = ${id}::uuid`;
    case "Building":
      return tx.$executeRaw`DELETE FROM catalog.building_display_overrides WHERE building_id = ${id}::uuid`;
    case "PropertyObject":
      return tx.$executeRaw`DELETE FROM catalog.property_object_display_overrides WHERE property_object_id = ${id}::uuid`;
  }
}
function targetsOf(target, ids) {
  switch (target) {
    case "Project":
      return { projectIds: ids };
    case "Building":
      return { buildingIds: ids };
    case "PropertyObject":
      return { propertyObjectIds: ids };
  }
}
export {
  createDisplayOverrides,
  targetsOf
};
//# sourceMappingURL=display-overrides.js.map
