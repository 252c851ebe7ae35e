import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import {
  CHESSBOARD_TOPICS,
  type ChessboardEventByTopic,
  type ChessboardTopic,
  RUB_CURRENCY,
} from "../../contracts/chessboard-events.js";

// ajv-formats ships CommonJS with a default export; under NodeNext the callable is `.default`.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const IDS = {
  developer: "0b5e1d7a-0000-4000-8000-000000000001",
  project: "11111111-1111-4111-8111-111111111111",
  building: "22222222-2222-4222-8222-222222222222",
  object: "33333333-3333-4333-8333-333333333333",
  deal: "44444444-4444-4444-8444-444444444444",
  booking: "55555555-5555-4555-8555-555555555555",
};
const AT = "2026-11-29T10:00:00.000Z";

const SAMPLES: { [T in ChessboardTopic]: ChessboardEventByTopic[T] } = {
  [CHESSBOARD_TOPICS.developerUpserted]: {
    Id: IDS.developer,
    TenantId: IDS.developer,
    Status: "Active",
    Name: "Demo Developer",
    LogoFileId: null,
    UpdatedAt: AT,
    Version: 1,
  },
  [CHESSBOARD_TOPICS.projectUpserted]: {
    Id: IDS.project,
    TenantId: IDS.developer,
    DeveloperId: IDS.developer,
    Status: "Published",
    Name: "Sunrise",
    Type: "ResidentialComplex",
    Class: "Comfort",
    ConstructionStatus: "UnderConstruction",
    CountryId: 643,
    CountrySnapshot: { Id: 643, Name: "Russia", IsoCode: "RU" },
    RegionId: 77,
    RegionSnapshot: { Id: 77, Name: "Moscow" },
    CityId: 1,
    CitySnapshot: { Id: 1, Name: "Moscow" },
    Stars: null,
    CoverImageFileId: null,
    DeveloperName: "Demo Developer",
    DeveloperLogoFileId: null,
    AddressLine: "Tverskaya 1",
    GeoLatitude: "55.7558",
    GeoLongitude: "37.6173",
    ShortDescription: null,
    DistanceMinutes: 15,
    CurrencyId: RUB_CURRENCY.Id,
    CurrencySnapshot: RUB_CURRENCY,
    UpdatedAt: AT,
    Version: 1,
  },
  [CHESSBOARD_TOPICS.buildingUpserted]: {
    Id: IDS.building,
    TenantId: IDS.developer,
    ProjectId: IDS.project,
    Status: "Published",
    Name: "Building 1",
    FloorsTotal: 9,
    SectionsCount: 2,
    DeliveryYear: 2027,
    DeliveryQuarter: 4,
    ReadinessPercent: 40,
    ConstructionStatus: "UnderConstruction",
    AddressLine: null,
    UpdatedAt: AT,
    Version: 1,
  },
  [CHESSBOARD_TOPICS.propertyObjectUpserted]: {
    Id: IDS.object,
    TenantId: IDS.developer,
    ProjectId: IDS.project,
    BuildingId: IDS.building,
    LayoutId: null,
    LayoutGroupId: null,
    Status: "Free",
    Number: "101",
    Floor: 1,
    Section: 1,
    Rooms: 2,
    TotalArea: "54.30",
    LivingArea: "30.10",
    Price: "12500000.00",
    CurrencyId: RUB_CURRENCY.Id,
    CurrencySnapshot: RUB_CURRENCY,
    PricePerMeter: "230202.58",
    WindowViews: { Views: ["Park"] },
    Capacity: null,
    PropertyType: "Apartment",
    UpdatedAt: AT,
    Version: 1,
  },
  [CHESSBOARD_TOPICS.propertyObjectStatusChanged]: {
    PropertyObjectId: IDS.object,
    TenantId: IDS.developer,
    ProjectId: IDS.project,
    BuildingId: IDS.building,
    FromStatus: "Free",
    ToStatus: "Reserved",
    StatusSource: "Booking",
    HoldDealId: IDS.deal,
    HoldBookingId: IDS.booking,
    ReservedUntil: "2026-11-29T11:00:00.000Z",
    BookedUntil: null,
    SoldAt: null,
    StatusChangedAt: AT,
    Version: 2,
  },
  [CHESSBOARD_TOPICS.propertyObjectPriceChanged]: {
    PropertyObjectId: IDS.object,
    TenantId: IDS.developer,
    ProjectId: IDS.project,
    BuildingId: IDS.building,
    OldPrice: "12500000.00",
    NewPrice: "13000000.00",
    CurrencyId: RUB_CURRENCY.Id,
    CurrencySnapshot: RUB_CURRENCY,
    PricePerMeter: "239410.68",
    ChangedAt: AT,
    Source: "Manual",
    Version: 3,
  },
};

function loadSchema(topic: string): Record<string, unknown> {
  const file = new URL(`../../../schema/events/${topic}.schema.json`, import.meta.url);
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
}

describe("chessboard event contracts", () => {
  const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
  const validatorFor = (topic: string) => {
    const schema = loadSchema(topic);
    return ajv.getSchema(String(schema.$id)) ?? ajv.compile(schema);
  };

  for (const topic of Object.values(CHESSBOARD_TOPICS)) {
    it(`${topic}: the TypeScript payload validates against its JSON Schema`, () => {
      const validate = validatorFor(topic);
      expect(validate(SAMPLES[topic]), JSON.stringify(validate.errors)).toBe(true);
    });

    it(`${topic}: the schema requires exactly the fields the TypeScript sample has`, () => {
      const schema = loadSchema(topic) as { required: string[]; "x-topic": string };
      expect(schema["x-topic"]).toBe(topic);
      expect([...schema.required].sort()).toEqual(Object.keys(SAMPLES[topic]).sort());
    });
  }

  it("rejects a status-changed payload with an unknown status", () => {
    const validate = validatorFor(CHESSBOARD_TOPICS.propertyObjectStatusChanged);
    const bad = { ...SAMPLES[CHESSBOARD_TOPICS.propertyObjectStatusChanged], ToStatus: "Gone" };
    expect(validate(bad)).toBe(false);
  });
});
