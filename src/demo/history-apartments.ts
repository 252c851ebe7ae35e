import { type HistoryEntry, HOLDING_OUTCOMES } from "./history-plan.js";
import { demoHash } from "./sales-month.js";

/** What the assignment needs to know of a bookable demo apartment. */
export interface DemoApartment {
  readonly id: string;
  readonly buildingId: string;
  readonly number: string;
  readonly floor: number;
  readonly floorsTotal: number;
  readonly rooms: number;
  /** The building's readiness: an older building has sold more. */
  readonly readinessPercent: number;
}

export interface Assignment {
  readonly apartmentOf: ReadonlyMap<string, DemoApartment>;
  /** Entries no apartment was left for (none on the demo's sizes; counted, not played). */
  readonly unplaced: readonly string[];
}

const HASH_RANGE = 2 ** 32;
/** Studios and one-room flats sell first, three-room ones last. */
const ROOMS_WEIGHT = [1.3, 1.2, 1, 0.75] as const;

/** How sought-after an apartment is: its building's readiness, its floor, its size. */
export function desirability(a: DemoApartment): number {
  const building = 0.5 + a.readinessPercent / 100;
  const span = Math.max(1, a.floorsTotal - 1);
  const floor = a.floor === 1 ? 0.6 : a.floor === a.floorsTotal ? 1.25 : 0.9 + (0.3 * (a.floor - 1)) / span;
  return building * floor * (ROOMS_WEIGHT[Math.min(a.rooms, ROOMS_WEIGHT.length - 1)] ?? 1);
}

/**
 * The apartments in the order buyers reach for them: a weighted random order (Efraimidis–Spirakis
 * keys from a hash), so the sought-after ones come early more often, never always. Pure.
 */
export function buyersOrder(apartments: readonly DemoApartment[], salt: string): DemoApartment[] {
  const keyOf = (a: DemoApartment) => {
    const u = (demoHash(`${salt}/apartment/${a.id}`, HASH_RANGE) + 0.5) / HASH_RANGE;
    return -Math.log(u) / desirability(a);
  };
  return apartments
    .map((a) => ({ a, key: keyOf(a) }))
    .sort((x, y) => x.key - y.key || x.a.id.localeCompare(y.a.id))
    .map(({ a }) => a);
}

/**
 * An apartment for every booking of the month. The bookings that still hold theirs (sold, Booked,
 * Reserved) take the buyers' order first, earliest booking first, one apartment each. A booking
 * that ended without a sale takes the first apartment in that order that no other ended booking
 * had and whose holding booking (if any) began after it ended: an apartment may be booked, let go
 * and later sold to somebody else, never held twice at once. Pure.
 */
export function assignApartments(
  entries: readonly HistoryEntry[],
  ordered: readonly DemoApartment[],
): Assignment {
  const apartmentOf = new Map<string, DemoApartment>();
  const heldFrom = new Map<string, number>();
  const unplaced: string[] = [];
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
  const usedByEnded = new Set<string>();
  for (const entry of byTime.filter((e) => !HOLDING_OUTCOMES.has(e.outcome))) {
    const released = entry.releasedAt?.getTime() ?? Number.POSITIVE_INFINITY;
    const apartment = ordered.find(
      (a) => !usedByEnded.has(a.id) && released < (heldFrom.get(a.id) ?? Number.POSITIVE_INFINITY),
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
