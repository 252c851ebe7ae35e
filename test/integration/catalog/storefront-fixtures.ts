/**
 * A plain-TypeScript oracle of src/domain/catalog/seed/synthetic-cards.ts: the lots the seed writes,
 * computed independently, so feed tests compare the API against expectations that no SQL produced.
 */
import { syntheticLotId, syntheticProjectId } from "../../../src/domain/catalog/seed/synthetic-cards.js";

export interface OracleLot {
  readonly id: string;
  readonly n: number;
  readonly projectId: string;
  readonly developerIndex: number;
  readonly published: boolean;
  readonly replica: "Free" | "Reserved" | "Hidden";
  readonly rooms: number;
  readonly area: number;
  readonly price: number;
  readonly pricePerMeter: number;
  readonly delivery: string;
  readonly type: "Apartment" | "Parking";
  readonly kind: "ApartHotel" | "ResidentialComplex";
  readonly regionId: number;
  readonly cityId: number;
  readonly publishedAtOffset: number;
}

const QUARTER_ENDS = ["03-31", "06-30", "09-30", "12-31"];

function deliveryOf(n: number): string {
  const q = n % 8;
  const year = 2027 + Math.floor(q / 4);
  return `${year}-${QUARTER_ENDS[q % 4]}`;
}

export function oracleLots(tag: string, projects: number, lotsPerProject: number): OracleLot[] {
  const lots: OracleLot[] = [];
  for (let n = 1; n <= projects * lotsPerProject; n++) {
    const p = Math.floor((n - 1) / lotsPerProject);
    const area = 20 + ((n * 7) % 100);
    const price = 3_000_000 + ((n * 7919) % 200) * 50_000;
    const region = 1 + (p % 4);
    lots.push({
      id: syntheticLotId(tag, n),
      n,
      projectId: syntheticProjectId(tag, p),
      developerIndex: p % 7,
      published: n % 20 !== 7,
      replica: n % 20 === 7 ? "Hidden" : n % 13 === 0 ? "Reserved" : "Free",
      rooms: n % 5,
      area,
      price,
      pricePerMeter: Math.round((price / area) * 100) / 100,
      delivery: deliveryOf(n),
      type: n % 10 === 9 ? "Parking" : "Apartment",
      kind: p % 5 === 0 ? "ApartHotel" : "ResidentialComplex",
      regionId: region,
      cityId: region * 100 + (p % 3),
      publishedAtOffset: n,
    });
  }
  return lots;
}

export const LOT_FIELDS = `id price pricePerMeter areaTotal roomsCount deliveryDate cityId regionId projectId propertyType projectKind propertyObjectStatus`;

export interface FeedLot {
  id: string;
  price: string;
  pricePerMeter: string;
  areaTotal: string;
  roomsCount: number;
  deliveryDate: string | null;
  cityId: number;
  regionId: number;
  projectId: string;
  propertyType: string;
  projectKind: string;
  propertyObjectStatus: string;
  agentCommission?: string | null;
}
