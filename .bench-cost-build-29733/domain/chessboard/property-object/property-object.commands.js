import { randomUUID } from "node:crypto";
import { RUB_CURRENCY } from "../../../contracts/chessboard-events.js";
import { ConflictError } from "../../../platform/errors/domain-error.js";
import { CHESSBOARD_ERROR } from "../chessboard.errors.js";
import { assertMayEditTenant } from "../structure/structure.access.js";
import { buildingOrThrow, objectOrThrow } from "../structure/structure.load.js";
import {
  requireDecimal,
  requireRoomForObject,
  validatePropertyObject
} from "../structure/structure.validation.js";
import { applySaleState } from "./apply-sale-state.js";
import {
  decideObjectHidden,
  decidePriceChange,
  decidePropertyObjectColumns,
  initialSaleState
} from "./property-object.decide.js";
import {
  buildingStatusOf,
  enqueuePriceChanged,
  enqueuePropertyObjectUpserted
} from "./property-object.events.js";
import { saleStateColumns, saleStateOf } from "./property-object.row.js";
const UNIQUE_VIOLATION = "P2002";
function numberTaken(error) {
  if (error.code === UNIQUE_VIOLATION) {
    throw new ConflictError(CHESSBOARD_ERROR.numberTaken, "Another object of this building has that number");
  }
  throw error;
}
function createPropertyObjectCommands({ db, clock }) {
  return {
    async createPropertyObject(viewer, input) {
      return db.$transaction(async (tx) => {
        const building = await buildingOrThrow(tx, input.buildingId);
        assertMayEditTenant(viewer, building.tenantId);
        validatePropertyObject(input, building);
        requireRoomForObject(await tx.chessboardPropertyObject.count({ where: { buildingId: building.id } }));
        const now = clock.now();
        const row = await tx.chessboardPropertyObject.create({
          data: {
            id: input.id ?? randomUUID(),
            tenantId: building.tenantId,
            projectId: building.projectId,
            buildingId: building.id,
            ...decidePropertyObjectColumns(input),
            price: input.price,
            currencyIsoCode: RUB_CURRENCY.IsoCode,
            ...saleStateColumns(initialSaleState(building.status)),
            statusChangedAt: now,
            version: 1,
            createdAt: now,
            updatedAt: now
          }
        }).catch(numberTaken);
        await enqueuePropertyObjectUpserted(tx, clock, row, building.status);
        return row;
      });
    },
    async updatePropertyObject(viewer, id, input) {
      return db.$transaction(async (tx) => {
        const row = await objectOrThrow(tx, id);
        assertMayEditTenant(viewer, row.tenantId);
        const building = await buildingOrThrow(tx, row.buildingId);
        validatePropertyObject({ ...input, price: row.price.toString() }, building);
        const after = await tx.chessboardPropertyObject.update({
          where: { id },
          data: {
            ...decidePropertyObjectColumns(input),
            version: { increment: 1 },
            updatedAt: clock.now()
          }
        }).catch(numberTaken);
        await enqueuePropertyObjectUpserted(tx, clock, after, building.status);
        return after;
      });
    },
    /** Re-pricing an object on hold is refused: the booking was made at the old price. */
    async changePrice(viewer, id, price) {
      requireDecimal(price, "price", { positive: false });
      return db.$transaction(async (tx) => {
        const row = await objectOrThrow(tx, id);
        assertMayEditTenant(viewer, row.tenantId);
        const change = decidePriceChange(
          { id: row.id, status: row.status, state: saleStateOf(row), price: row.price.toString() },
          price
        );
        if (!change) return row;
        const after = await tx.chessboardPropertyObject.update({
          where: { id },
          data: { price: change.price, version: { increment: 1 }, updatedAt: clock.now() }
        });
        await enqueuePriceChanged(tx, clock, row, after, "Manual");
        return after;
      });
    },
    /** Hides or shows one object; refused while it is on hold. */
    async setPropertyObjectHidden(viewer, id, hidden) {
      return db.$transaction(async (tx) => {
        const row = await objectOrThrow(tx, id);
        assertMayEditTenant(viewer, row.tenantId);
        const next = decideObjectHidden({ id: row.id, status: row.status, state: saleStateOf(row) }, hidden);
        const buildingStatus = await buildingStatusOf(tx, row.buildingId);
        return applySaleState(tx, clock, row, next, "Manual", {
          before: buildingStatus,
          after: buildingStatus
        });
      });
    }
  };
}
export {
  createPropertyObjectCommands
};
//# sourceMappingURL=property-object.commands.js.map
