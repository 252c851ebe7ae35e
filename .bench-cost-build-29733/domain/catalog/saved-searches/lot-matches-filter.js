import { boxAround } from "../storefront/geo.js";
import { quarterEnd } from "../storefront/lot-filter.js";
const EARTH_RADIUS_M = 63710088e-1;
const rad = (d) => d * Math.PI / 180;
function haversineMetres(lat1, lon1, lat2, lon2) {
  const a = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(a));
}
const inList = (list, value) => !list?.length || value !== null && list.includes(value);
const atLeast = (bound, value) => bound === null || bound === void 0 || value !== null && Number(value) >= Number(bound);
const atMost = (bound, value) => bound === null || bound === void 0 || value !== null && Number(value) <= Number(bound);
const dayOf = (d) => d ? d.toISOString().slice(0, 10) : null;
function geoMatches(f, lot) {
  if (!f.bbox && !f.near) return true;
  if (lot.latitude === null || lot.longitude === null) return false;
  const { latitude: lat, longitude: lon } = lot;
  if (f.bbox && (lat < f.bbox.south || lat > f.bbox.north || lon < f.bbox.west || lon > f.bbox.east))
    return false;
  if (f.near) {
    const box = boxAround(f.near);
    if (lat < box.south || lat > box.north || lon < box.west || lon > box.east) return false;
    if (haversineMetres(lat, lon, f.near.latitude, f.near.longitude) > f.near.radiusKm * 1e3) return false;
  }
  return true;
}
function lotMatchesFilter(f, lot) {
  const delivery = dayOf(lot.deliveryDate);
  return inList(f.regionIds, lot.regionId) && inList(f.cityIds, lot.cityId) && inList(f.projectIds, lot.projectId) && inList(f.developerIds, lot.developerId) && inList(f.rooms, lot.rooms) && atLeast(f.priceMin, lot.price) && atMost(f.priceMax, lot.price) && atLeast(f.areaMin, lot.areaTotal) && atMost(f.areaMax, lot.areaTotal) && (!f.deliveryBy || delivery !== null && delivery <= dayOf(f.deliveryBy)) && (!f.deliveryByQuarter || delivery !== null && delivery <= dayOf(quarterEnd(f.deliveryByQuarter))) && inList(f.kinds, lot.projectKind) && inList(f.types, lot.propertyType) && geoMatches(f, lot) && atLeast(f.floorMin, lot.floor) && atMost(f.floorMax, lot.floor) && (!f.notFirstFloor || lot.floor > 1) && (!f.notLastFloor || lot.floorsTotal !== null && lot.floor < lot.floorsTotal) && inList(f.propertyClasses, lot.propertyClass) && inList(f.constructionStatuses, lot.constructionStatus) && atLeast(f.readinessMin, lot.readinessPercent) && atMost(f.distanceMinutesMax, lot.distanceMinutes) && atLeast(f.pricePerMeterMin, lot.pricePerMeter) && atMost(f.pricePerMeterMax, lot.pricePerMeter);
}
export {
  haversineMetres,
  lotMatchesFilter
};
//# sourceMappingURL=lot-matches-filter.js.map
