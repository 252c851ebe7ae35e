/** chessboard's sale statuses as crm's replica stores them (Свободен/Резерв/Бронь/Продан/Скрыт). */
export type ReplicaStatus = "Free" | "Reserved" | "Booked" | "Sold" | "Hidden";

/** crm's local copy of the chessboard property object, just what createBooking checks. */
export interface PropertyObjectReplica {
  readonly id: string;
  /** DeveloperId */
  readonly tenantId: string;
  readonly status: string;
  readonly version: number;
}

export const BOOKABLE_REPLICA_STATUS: ReplicaStatus = "Free";
