import type { PropertyObjectStatus } from "../../../src/contracts/chessboard-events.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import {
  buildingEvent,
  developerEvent,
  lotEvent,
  priceEvent,
  projectEvent,
  statusEvent,
} from "../../support/fixtures/catalog-events.js";
import type { SourceTopic } from "./catalog-harness.js";

export interface HistoryEvent {
  readonly topic: SourceTopic;
  readonly key: string;
  readonly payload: object;
}

/** mulberry32: a tiny seeded PRNG, so a history is the same on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const uuidFrom = (rand: () => number): string => {
  const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16)).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

export interface HistoryShape {
  readonly seed: number;
  readonly developers: number;
  readonly projectsPerDeveloper: number;
  readonly buildingsPerProject: number;
  readonly lotsPerBuilding: number;
  /** status/price changes per lot after its upsert */
  readonly changesPerLot: number;
}

const STATUSES: readonly PropertyObjectStatus[] = ["Free", "Reserved", "Booked", "Sold", "Free", "Hidden"];

/**
 * A valid chessboard history in its in-order sequence: developers, projects (sometimes hidden and
 * shown again), buildings (re-published with a new delivery quarter), lots with status and price
 * changes on one version counter per lot, the way chessboard publishes them.
 */
export function chessboardHistory(shape: HistoryShape): HistoryEvent[] {
  const rand = prng(shape.seed);
  const out: HistoryEvent[] = [];
  for (let d = 0; d < shape.developers; d += 1) {
    const developerId = uuidFrom(rand);
    const developerName = `Застройщик ${d}`;
    out.push({
      topic: TOPIC.developerUpserted,
      key: developerId,
      payload: developerEvent({ Id: developerId, Name: developerName }),
    });
    for (let p = 0; p < shape.projectsPerDeveloper; p += 1) {
      const projectId = uuidFrom(rand);
      const project = (version: number, status: "Published" | "Hidden") =>
        projectEvent({
          Id: projectId,
          DeveloperId: developerId,
          DeveloperName: developerName,
          Name: `ЖК ${d}-${p}`,
          Status: status,
          Version: version,
          Type: p % 2 === 0 ? "ResidentialComplex" : "ApartHotel",
          RegionId: 77 + (p % 3),
          RegionSnapshot: { Id: 77 + (p % 3), Name: `Регион ${77 + (p % 3)}` },
          CityId: 1 + (p % 4),
          CitySnapshot: { Id: 1 + (p % 4), Name: `Город ${1 + (p % 4)}` },
        });
      out.push({ topic: TOPIC.projectUpserted, key: projectId, payload: project(1, "Published") });
      for (let b = 0; b < shape.buildingsPerProject; b += 1) {
        const buildingId = uuidFrom(rand);
        const building = (version: number, quarter: number) =>
          buildingEvent({
            Id: buildingId,
            ProjectId: projectId,
            TenantId: developerId,
            Name: `Корпус ${b + 1}`,
            FloorsTotal: 25,
            DeliveryYear: 2027,
            DeliveryQuarter: quarter,
            Version: version,
          });
        out.push({ topic: TOPIC.buildingUpserted, key: buildingId, payload: building(1, 1 + (b % 4)) });
        for (let l = 0; l < shape.lotsPerBuilding; l += 1) {
          const lotId = uuidFrom(rand);
          const rooms = Math.floor(rand() * 4);
          const area = (25 + Math.floor(rand() * 80)).toFixed(2);
          const common = { TenantId: developerId, ProjectId: projectId, BuildingId: buildingId };
          let version = 1;
          let price = 5_000_000 + Math.floor(rand() * 20_000) * 1000;
          let status: PropertyObjectStatus = "Free";
          out.push({
            topic: TOPIC.propertyObjectUpserted,
            key: lotId,
            payload: lotEvent({
              ...common,
              Id: lotId,
              Number: `${b + 1}-${l + 1}`,
              Floor: 1 + (l % 20),
              Rooms: rooms,
              TotalArea: area,
              LivingArea: null,
              Price: `${price}.00`,
              Version: version,
            }),
          });
          for (let c = 0; c < shape.changesPerLot; c += 1) {
            version += 1;
            if (rand() < 0.5) {
              const to = STATUSES[Math.floor(rand() * STATUSES.length)] as PropertyObjectStatus;
              out.push({
                topic: TOPIC.propertyObjectStatusChanged,
                key: lotId,
                payload: statusEvent({
                  ...common,
                  PropertyObjectId: lotId,
                  FromStatus: status,
                  ToStatus: to,
                  Version: version,
                }),
              });
              status = to;
            } else {
              const next = Math.max(0, price + (Math.floor(rand() * 400) - 200) * 1000);
              out.push({
                topic: TOPIC.propertyObjectPriceChanged,
                key: lotId,
                payload: priceEvent({
                  ...common,
                  PropertyObjectId: lotId,
                  OldPrice: `${price}.00`,
                  NewPrice: `${next}.00`,
                  Version: version,
                }),
              });
              price = next;
            }
          }
        }
        out.push({ topic: TOPIC.buildingUpserted, key: buildingId, payload: building(2, 4) });
      }
      if (p % 2 === 1) {
        out.push({ topic: TOPIC.projectUpserted, key: projectId, payload: project(2, "Hidden") });
        out.push({ topic: TOPIC.projectUpserted, key: projectId, payload: project(3, "Published") });
      }
    }
    out.push({
      topic: TOPIC.developerUpserted,
      key: developerId,
      payload: developerEvent({ Id: developerId, Name: developerName, Version: 2 }),
    });
  }
  return out;
}
