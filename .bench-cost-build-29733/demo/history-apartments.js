import { HOLDING_OUTCOMES } from "./history-plan.js";
import { demoHash } from "./sales-month.js";
const HASH_RANGE = 2 ** 32;
const ROOMS_WEIGHT = [1.3, 1.2, 1, 0.75];
function desirability(a) {
  const building = 0.5 + a.readinessPercent / 100;
  const span = Math.max(1, a.floorsTotal - 1);
  const floor = a.floor === 1 ? 0.6 : a.floor === a.floorsTotal ? 1.25 : 0.9 + 0.3 * (a.floor - 1) / span;
  return building * floor * (ROOMS_WEIGHT[Math.min(a.rooms, ROOMS_WEIGHT.length - 1)] ?? 1);
}
function buyersOrder(apartments, salt) {
  const keyOf = (a) => {
    const u = (demoHash(`${salt}/apartment/${a.id}`, HASH_RANGE) + 0.5) / HASH_RANGE;
    return -Math.log(u) / desirability(a);
  };
  return apartments.map((a) => ({ a, key: keyOf(a) })).sort((x, y) => x.key - y.key || x.a.id.localeCompare(y.a.id)).map(({ a }) => a);
}
function assignApartments(entries, ordered) {
  const apartmentOf = /* @__PURE__ */ new Map();
  const heldFrom = /* @__PURE__ */ new Map();
  const unplaced = [];
  const byTime = [...entries].sort((x, y) => x.heldFrom.getTime() - y.heldFrom.getTime());
  let next = 0;
  for (const entry of byTime.filter((e) => HOLDING_OUTCOMES.has(e.outcome))) {
    const apartment = ordered[next++];
    if (!apartment) {
      unplaced.push(entry.key);
      continue;
    }
    apartmentOf.set(entry.key, apartment);
    heldFrom.set(apartment.id, entry.heldFrom.getTime());
  }
  const usedByEnded = /* @__PURE__ */ new Set();
  for (const entry of byTime.filter((e) => !HOLDING_OUTCOMES.has(e.outcome))) {
    const released = entry.releasedAt?.getTime() ?? Number.POSITIVE_INFINITY;
    const apartment = ordered.find(
      (a) => !usedByEnded.has(a.id) && released < (heldFrom.get(a.id) ?? Number.POSITIVE_INFINITY)
    );
    if (!apartment) {
      unplaced.push(entry.key);
      continue;
    }
    usedByEnded.add(apartment.id);
    apartmentOf.set(entry.key, apartment);
  }
  return { apartmentOf, unplaced };
}
export {
  assignApartments,
  buyersOrder,
  desirability
};
//# sourceMappingURL=history-apartments.js.map
