import type { MessengerReplicaPayloads } from "../../../contracts/readers/chessboard-replica-readers.js";
import type { TOPIC } from "../../../contracts/topics.js";
import { Prisma } from "../../../generated/prisma/client.js";
import type { RawTx } from "../../../platform/db/raw-tx.js";
import type { Apartment } from "../cards/booking-card.decide.js";

/**
 * messenger's replica of chessboard property objects: only what a card shows (number, floor,
 * price). Fed by property-object-upserted and -price-changed; the object's single Version counter
 * orders them across topics, an older version never overwrites a newer one.
 */
/** A snapshot without IsoCode: the storefront's v1 currency (decision 0300). */
const DEFAULT_CURRENCY = "RUB";

export async function applyPropertyObjectUpserted(
  tx: RawTx,
  p: MessengerReplicaPayloads[typeof TOPIC.propertyObjectUpserted],
  now: Date,
) {
  return tx.$executeRaw`
    INSERT INTO messenger.property_objects (id, tenant_id, number, floor, price, currency, version, updated_at)
    VALUES (${p.Id}::uuid, ${p.TenantId}::uuid, ${p.Number}, ${p.Floor}, ${p.Price}::numeric,
            ${p.CurrencySnapshot.IsoCode ?? DEFAULT_CURRENCY}, ${p.Version}, ${now})
    ON CONFLICT (id) DO UPDATE
       SET number = EXCLUDED.number, floor = EXCLUDED.floor, price = EXCLUDED.price,
           currency = EXCLUDED.currency, version = EXCLUDED.version, updated_at = EXCLUDED.updated_at
     WHERE messenger.property_objects.version < EXCLUDED.version`;
}

/** A price change of an object messenger has not seen yet is skipped: its upserted event brings the price. */
export async function applyPropertyObjectPriceChanged(
  tx: RawTx,
  p: MessengerReplicaPayloads[typeof TOPIC.propertyObjectPriceChanged],
  now: Date,
) {
  // No currency in the event: the one the replica has is kept.
  const currency = p.CurrencySnapshot?.IsoCode ?? null;
  return tx.$executeRaw`
    UPDATE messenger.property_objects
       SET price = ${p.NewPrice}::numeric, currency = COALESCE(${currency}, currency), version = ${p.Version},
           updated_at = ${now}
     WHERE id = ${p.PropertyObjectId}::uuid AND version < ${p.Version}`;
}

/**
 * The read of what a card shows of an apartment, to send alone or after a data-modifying CTE
 * (openDealChatReadingApartment). numeric(18, 2) as text: the price with its two decimals, exactly.
 */
export function apartmentSql(propertyObjectId: string): Prisma.Sql {
  return Prisma.sql`
    SELECT number, floor, price::text AS price, currency
      FROM messenger.property_objects WHERE id = ${propertyObjectId}::uuid`;
}

export async function findApartment(tx: RawTx, propertyObjectId: string): Promise<Apartment | null> {
  const [row] = await tx.$queryRaw<Apartment[]>(apartmentSql(propertyObjectId));
  return row ?? null;
}
