const DEFAULT_CURRENCY = "RUB";
async function applyPropertyObjectUpserted(tx, p, now) {
  return tx.$executeRaw`
    INSERT INTO messenger.property_objects (id, tenant_id, number, floor, price, currency, version, updated_at)
    VALUES (${p.Id}::uuid, ${p.TenantId}::uuid, ${p.Number}, ${p.Floor}, ${p.Price}::numeric,
            ${p.CurrencySnapshot.IsoCode ?? DEFAULT_CURRENCY}, ${p.Version}, ${now})
    ON CONFLICT (id) DO UPDATE
       SET number = EXCLUDED.number, floor = EXCLUDED.floor, price = EXCLUDED.price,
           currency = EXCLUDED.currency, version = EXCLUDED.version, updated_at = EXCLUDED.updated_at
     WHERE messenger.property_objects.version < EXCLUDED.version`;
}
async function applyPropertyObjectPriceChanged(tx, p, now) {
  const currency = p.CurrencySnapshot?.IsoCode ?? null;
  return tx.$executeRaw`
    UPDATE messenger.property_objects
       SET price = ${p.NewPrice}::numeric, currency = COALESCE(${currency}, currency), version = ${p.Version},
           updated_at = ${now}
     WHERE id = ${p.PropertyObjectId}::uuid AND version < ${p.Version}`;
}
async function findApartment(tx, propertyObjectId) {
  const row = await tx.messengerPropertyObject.findUnique({ where: { id: propertyObjectId } });
  return row ? { number: row.number, floor: row.floor, price: row.price.toFixed(2), currency: row.currency } : null;
}
export {
  applyPropertyObjectPriceChanged,
  applyPropertyObjectUpserted,
  findApartment
};
//# sourceMappingURL=property-object-replica.js.map
