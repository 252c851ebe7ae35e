/**
 * Whether one lot card matches a validated storefront filter — the same rules as lotPredicate
 * (storefront/lot-filter.ts) evaluated in TypeScript, so the alert worker checks thousands of
 * saved searches against a batch of changed lots without a query per search. The text query `q`
 * is not evaluated here (it needs the database's Russian stemmer): the worker checks it in SQL for
 * the candidates this function lets through. Pure.
 */
import { boxAround } from "../storefront/geo.js";
import { type LotFilter, quarterEnd } from "../storefront/lot-filter.js";

/** The fields of a card the filter reads (decimals as text, exact). */
export interface MatchableLot {
  readonly id: string;
  readonly regionId: number | null;
  readonly cityId: number | null;
  readonly projectId: string;
  readonly developerId: string;
  readonly rooms: number;
  readonly price: string;
  readonly pricePerMeter: string;
  readonly areaTotal: string;
  readonly deliveryDate: Date | null;
  readonly projectKind: string | null;
  readonly propertyType: string | null;
  readonly latitude: number | null;
  readonly longitude: number | null;
  readonly floor: number;
  readonly floorsTotal: number | null;
  readonly propertyClass: string | null;
  readonly constructionStatus: string | null;
  readonly readinessPercent: number | null;
  readonly distanceMinutes: number | null;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (d: number) => (d * Math.PI) / 180;

export function haversineMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(a));
}

const inList = <T>(list: readonly T[] | null | undefined, value: T | null) =>
  !list?.length || (value !== null && list.includes(value));
const atLeast = (bound: string | number | null | undefined, value: string | number | null) =>
  bound === null || bound === undefined || (value !== null && Number(value) >= Number(bound));
const atMost = (bound: string | number | null | undefined, value: string | number | null) =>
  bound === null || bound === undefined || (value !== null && Number(value) <= Number(bound));
const dayOf = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

function geoMatches(f: LotFilter, lot: MatchableLot): boolean {
  if (!f.bbox && !f.near) return true;
  if (lot.latitude === null || lot.longitude === null) return false;
  const { latitude: lat, longitude: lon } = lot;
  if (f.bbox && (lat < f.bbox.south || lat > f.bbox.north || lon < f.bbox.west || lon > f.bbox.east))
    return false;
  if (f.near) {
    const box = boxAround(f.near);
    if (lat < box.south || lat > box.north || lon < box.west || lon > box.east) return false;
    if (haversineMetres(lat, lon, f.near.latitude, f.near.longitude) > f.near.radiusKm * 1000) return false;
  }
  return true;
}

/** Everything but `q`. */
export function lotMatchesFilter(f: LotFilter, lot: MatchableLot): boolean {
  const delivery = dayOf(lot.deliveryDate);
  return (
    inList(f.regionIds, lot.regionId) &&
    inList(f.cityIds, lot.cityId) &&
    inList(f.projectIds, lot.projectId) &&
    inList(f.developerIds, lot.developerId) &&
    inList(f.rooms, lot.rooms) &&
    atLeast(f.priceMin, lot.price) &&
    atMost(f.priceMax, lot.price) &&
    atLeast(f.areaMin, lot.areaTotal) &&
    atMost(f.areaMax, lot.areaTotal) &&
    (!f.deliveryBy || (delivery !== null && delivery <= (dayOf(f.deliveryBy) as string))) &&
    (!f.deliveryByQuarter ||
      (delivery !== null && delivery <= (dayOf(quarterEnd(f.deliveryByQuarter)) as string))) &&
    inList(f.kinds as readonly string[] | null | undefined, lot.projectKind) &&
    inList(f.types as readonly string[] | null | undefined, lot.propertyType) &&
    geoMatches(f, lot) &&
    atLeast(f.floorMin, lot.floor) &&
    atMost(f.floorMax, lot.floor) &&
    (!f.notFirstFloor || lot.floor > 1) &&
    (!f.notLastFloor || (lot.floorsTotal !== null && lot.floor < lot.floorsTotal)) &&
    inList(f.propertyClasses as readonly string[] | null | undefined, lot.propertyClass) &&
    inList(f.constructionStatuses as readonly string[] | null | undefined, lot.constructionStatus) &&
    atLeast(f.readinessMin, lot.readinessPercent) &&
    atMost(f.distanceMinutesMax, lot.distanceMinutes) &&
    atLeast(f.pricePerMeterMin, lot.pricePerMeter) &&
    atMost(f.pricePerMeterMax, lot.pricePerMeter)
  );
}
