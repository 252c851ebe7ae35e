/** One developer, project and a 5,000-object building (the bound), written directly (security benches). */
export async function seedFullBuilding(
  query: (sql: string, params: unknown[]) => Promise<unknown>,
  ids: { developer: string; project: string; building: string },
): Promise<void> {
  const { developer, project, building } = ids;
  await query(
    `INSERT INTO chessboard.developers (id, name, status, version, created_at, updated_at) VALUES ($1, 'D', 'Active', 1, now(), now())`,
    [developer],
  );
  await query(
    `INSERT INTO chessboard.projects (id, tenant_id, name, status, type, class, construction_status, country_id, country_name, country_iso_code, address_line, currency_iso_code, version, created_at, updated_at)
     VALUES ($1, $2, 'P', 'Published', 'ResidentialComplex', 'Comfort', 'Planned', 643, 'Russia', 'RU', 'A', 'RUB', 1, now(), now())`,
    [project, developer],
  );
  await query(
    `INSERT INTO chessboard.buildings (id, tenant_id, project_id, name, status, floors_total, sections_count, construction_status, version, created_at, updated_at)
     VALUES ($1, $2, $3, 'B', 'Published', 50, 50, 'Planned', 1, now(), now())`,
    [building, developer, project],
  );
  await query(
    `INSERT INTO chessboard.property_objects (id, tenant_id, project_id, building_id, number, floor, section, rooms, total_area, price, currency_iso_code, property_type, window_views, status, hidden_self, hidden_by_building, status_changed_at, version, created_at, updated_at)
     SELECT gen_random_uuid(), $1, $2, $3, g::text, 1 + (g % 50), 1 + (g / 100), 2, 50, 10000000, 'RUB', 'Apartment', '{}', 'Free', false, false, now(), 1, now(), now()
     FROM generate_series(0, 4999) g`,
    [developer, project, building],
  );
}
