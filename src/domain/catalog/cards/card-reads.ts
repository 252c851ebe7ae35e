/**
 * The card state the sync flows decide on and report from, read set-based (one statement for any
 * number of ids): a lot card's guard state, its outcome after a recompute, and what a lot's
 * project contributes (tenant, Kind, existence). Shared by the lot flows (passport, status/price)
 * and the building flow; writes live in each flow's own writer.
 */
import type { PropertyType } from "../../../contracts/chessboard-events.js";
import type { RawTx } from "../../../platform/db/raw-tx.js";
import type { CardStatus, ProjectKind } from "../vocabulary/card-vocabulary.js";

/** What a lot's status/price change or passport is decided against. */
export interface LotCardState {
  readonly id: string;
  readonly projectId: string;
  readonly developerId: string;
  readonly status: CardStatus;
  readonly chessboardVersion: number;
  readonly rowVersion: number;
  /** The rewards matching fields as last stored */
  readonly layoutId: string | null;
  readonly layoutGroupId: string | null;
  readonly roomsCount: number;
  readonly areaTotal: string;
  readonly propertyType: PropertyType | null;
}

interface LotRow {
  id: string;
  project_id: string;
  developer_id: string;
  status: CardStatus;
  chessboard_version: bigint;
  row_version: number;
  layout_id: string | null;
  layout_group_id: string | null;
  rooms_count: number;
  area_total: string;
  property_type: PropertyType | null;
}

const toLotCardState = (row: LotRow): LotCardState => ({
  id: row.id,
  projectId: row.project_id,
  developerId: row.developer_id,
  status: row.status,
  chessboardVersion: Number(row.chessboard_version),
  rowVersion: row.row_version,
  layoutId: row.layout_id,
  layoutGroupId: row.layout_group_id,
  roomsCount: row.rooms_count,
  areaTotal: row.area_total,
  propertyType: row.property_type,
});

export async function readLotCardState(tx: RawTx, id: string): Promise<LotCardState | null> {
  return (await readLotCardStates(tx, [id])).get(id) ?? null;
}

/** The guard state of many lots in one statement (absent lots are absent from the map). */
export async function readLotCardStates(
  tx: RawTx,
  ids: readonly string[],
): Promise<Map<string, LotCardState>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.$queryRaw<LotRow[]>`
    SELECT id::text, project_id::text, developer_id::text, status, chessboard_version, row_version,
           layout_id::text, layout_group_id::text, rooms_count, area_total::text, property_type
    FROM catalog.property_object_cards WHERE id = ANY(${ids as string[]}::uuid[])`;
  return new Map(rows.map((row) => [row.id, toLotCardState(row)]));
}

export interface LotOutcome {
  readonly status: CardStatus;
  readonly price: string;
  readonly sourcePrice: string;
}

/** After the recompute: the lots' status and effective price (for the zero-price warning and logs). */
export async function readLotOutcomes(tx: RawTx, ids: readonly string[]): Promise<Map<string, LotOutcome>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.$queryRaw<
    Array<{ id: string; status: CardStatus; price: string; source_price: string }>
  >`
    SELECT id::text, status, price::text, source_price::text FROM catalog.property_object_cards
    WHERE id = ANY(${ids as string[]}::uuid[])`;
  return new Map(rows.map((r) => [r.id, { status: r.status, price: r.price, sourcePrice: r.source_price }]));
}

export async function readProjectForLots(
  tx: RawTx,
  id: string,
): Promise<{ developerId: string; kind: ProjectKind } | null> {
  return (await readProjectsForLots(tx, [id])).get(id) ?? null;
}

/** What a lot's passport is decided against (tenant, Kind) for many projects in one statement. */
export async function readProjectsForLots(
  tx: RawTx,
  ids: readonly string[],
): Promise<Map<string, { developerId: string; kind: ProjectKind }>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.$queryRaw<Array<{ id: string; developer_id: string; kind: ProjectKind }>>`
    SELECT id::text, developer_id::text, kind FROM catalog.project_cards WHERE id = ANY(${ids as string[]}::uuid[])`;
  return new Map(rows.map((r) => [r.id, { developerId: r.developer_id, kind: r.kind }]));
}

/** A lot's guard state with its snapshot and its project's status (what E/F are folded on). */
export interface LotChangeStateRow {
  readonly card: LotCardState;
  readonly objectStatus: string;
  readonly sourcePrice: string | null;
  /** null when the lot's project has no card */
  readonly projectStatus: string | null;
}

/** The status/price flow's state of many lots in one statement (absent lots are absent). */
export async function readLotChangeStates(
  tx: RawTx,
  ids: readonly string[],
): Promise<Map<string, LotChangeStateRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.$queryRaw<
    Array<
      LotRow & { property_object_status: string; source_price: string | null; project_status: string | null }
    >
  >`
    SELECT l.id::text, l.project_id::text, l.developer_id::text, l.status, l.chessboard_version, l.row_version,
           l.layout_id::text, l.layout_group_id::text, l.rooms_count, l.area_total::text, l.property_type,
           l.property_object_status, l.source_price::text, p.status AS project_status
    FROM catalog.property_object_cards l LEFT JOIN catalog.project_cards p ON p.id = l.project_id
    WHERE l.id = ANY(${ids as string[]}::uuid[])`;
  return new Map(
    rows.map((row) => [
      row.id,
      {
        card: toLotCardState(row),
        objectStatus: row.property_object_status,
        sourcePrice: row.source_price,
        projectStatus: row.project_status,
      },
    ]),
  );
}
